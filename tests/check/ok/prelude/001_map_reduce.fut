-- map and reduce from the prelude.
-- ==
def sum_squares [n] (xs: [n]f32) = reduce (+) 0 (map (\x -> x * x) xs)
