-- A bitwise and is applied to floats.
-- ==
-- error: Cannot instantiate type that must be one of
def f (a: f32) (b: f32) = a & b
