-- The neutral element of a reduction has a different type from the elements.
-- ==
-- error: Cannot apply "reduce" to "xs" \(invalid type\)
def f [n] (xs: [n]f32) = reduce (+) 0i32 xs
