-- f32.sqrt is applied to an f64.
-- ==
-- error: Cannot apply "f32\.sqrt" to "x" \(invalid type\)
def r (x: f64) = f32.sqrt x
