-- Matrix multiplication on random matrices.
-- ==
-- entry: main
-- random input { [8][16]f32 [16][8]f32 } auto output
-- random input { [1][3]f32 [3][1]f32 } auto output

def main [n][m] (a: [n][m]f32) (b: [m][n]f32) =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a
