-- Tuples whose components are arrays.
-- ==
def dot [n] (xs: [n]f32, ys: [n]f32) = reduce (+) 0 (map2 (*) xs ys)
def r = dot ([1, 2], [3, 4])
