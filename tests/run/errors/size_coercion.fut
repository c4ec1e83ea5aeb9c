-- Size coercions `:>` check the actual size at run time.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] 2i64 }
-- error: cannot match shape
-- input { [1i32, 2i32, 3i32] 3i64 }
-- output { [1i32, 2i32, 3i32] }

-- ==
-- entry: zipping
-- input { [1i32, 2i32] [1i32, 2i32, 3i32] }
-- error: cannot match shape
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { [1i32, 2i32] [3i32, 4i32] }

-- ==
-- entry: matrix
-- input { [[1.0f32, 2.0f32], [3.0f32, 4.0f32]] 3i64 }
-- error: cannot match shape

def main [n] (xs: [n]i32) (m: i64) = xs :> [m]i32

entry zipping (xs: []i32) (ys: []i32) = zip xs (ys :> [length xs]i32)

entry matrix [n] (m: [n][n]f32) (k: i64) = map (\(r: [n]f32) -> r :> [k]f32) m
