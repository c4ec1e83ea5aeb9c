-- The sum of the squares of the positive elements of a vector: a
-- filter whose result only a reduction reads.

entry main [n] (xs: [n]f32) : f32 =
  f32.sum (map (\x -> x * x) (filter (> 0) xs))
