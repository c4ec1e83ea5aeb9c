-- The neutral element of a reduction has a different type from the elements.
-- ==
-- error: Argument does not have expected type
def f [n] (xs: [n]f32) = reduce (+) 0i32 xs
