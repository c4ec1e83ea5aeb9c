-- A bitwise and is applied to floats.
-- ==
-- error: The type must be one of
def f (a: f32) (b: f32) = a & b
