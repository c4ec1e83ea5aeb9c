-- A lambda as the operator of a reduction.
-- ==
def max_abs [n] (xs: [n]f32) = reduce (\a b -> f32.max (f32.abs a) (f32.abs b)) 0 xs
