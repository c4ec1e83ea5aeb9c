-- The returned array has elements of the wrong type.
-- ==
-- error: Function body does not have expected type
def f [n] (xs: [n]i32) : [n]f32 = map (+ 1) xs
