-- Dot product of two vectors.

entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  f32.sum (map2 (*) xs ys)
