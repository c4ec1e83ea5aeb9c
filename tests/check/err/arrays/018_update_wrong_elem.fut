-- An in-place update stores a value of the wrong element type.
-- ==
-- error: Expected: i32
def f (xs: *[]i32) = xs with [0] = 1.5f32
