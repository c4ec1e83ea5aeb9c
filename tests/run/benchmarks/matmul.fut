-- Dense matrix multiplication (integer and float), and matrix powers
-- (Fibonacci numbers from [[1,1],[1,0]]).
-- ==
-- entry: main
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] [[7i64, 8i64], [9i64, 10i64], [11i64, 12i64]] }
-- output { [[58i64, 64i64], [139i64, 154i64]] }
-- input { [[2i64]] [[3i64, 4i64]] }
-- output { [[6i64, 8i64]] }

-- ==
-- entry: power
-- input { [[1i64, 1i64], [1i64, 0i64]] 0i32 }
-- output { [[1i64, 0i64], [0i64, 1i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 1i32 }
-- output { [[1i64, 1i64], [1i64, 0i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 10i32 }
-- output { [[89i64, 55i64], [55i64, 34i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 50i32 }
-- output { [[20365011074i64, 12586269025i64], [12586269025i64, 7778742049i64]] }

-- ==
-- entry: fmatmul
-- input { [[0.5f32, 1.0f32], [2.0f32, -1.0f32]] [[1.0f32, 2.0f32, 3.0f32], [4.0f32, 5.0f32, 6.0f32]] }
-- output { [[4.5f32, 6.0f32, 7.5f32], [-2.0f32, -1.0f32, 0.0f32]] }

def matmul [n][m][p] (a: [n][m]i64) (b: [m][p]i64) : [n][p]i64 =
  map (\r -> map (\c -> i64.sum (map2 (*) r c)) (transpose b)) a

def main (a: [][]i64) (b: [][]i64) = matmul a b

-- Matrix power by repeated multiplication.
entry power [n] (a: [n][n]i64) (k: i32) =
  loop acc = tabulate_2d n n (\i j -> i64.bool (i == j)) for _i < k do matmul acc a

entry fmatmul [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a
