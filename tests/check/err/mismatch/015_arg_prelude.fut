-- f32.sqrt is applied to an f64.
-- ==
-- error: Argument does not have expected type
def r (x: f64) = f32.sqrt x
