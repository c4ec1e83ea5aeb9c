-- Matrix multiplication with three size parameters.
-- ==
def matmul [n] [m] [p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\row -> map (\col -> reduce (+) 0 (map2 (*) row col)) (transpose b)) a
