-- An f32 is compared with an f64.
-- ==
-- error: Expected: f32
def f (a: f32) (b: f64) = a < b
