-- The second argument of a two-parameter function has the wrong type.
-- ==
-- error: Cannot apply "scale" to "1i32" \(invalid type\)
def scale (k: f32) (x: f32) = k * x
def r = scale 2 (1i32)
