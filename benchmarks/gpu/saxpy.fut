-- a·x + y over two arrays.

entry main (a: f32) (xs: []f32) (ys: []f32) : []f32 =
  map2 (\x y -> a * x + y) xs ys
