-- Dense matrix multiplication.

entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a
