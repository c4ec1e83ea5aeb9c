-- The second argument of a two-parameter function has the wrong type.
-- ==
-- error: Argument does not have expected type
def scale (k: f32) (x: f32) = k * x
def r = scale 2 (1i32)
