-- Histograms of rows combined by an operator mapped over them (kmeans' sums
-- of points per cluster): out-of-range buckets, no rows, empty rows.
-- ==
-- input { [0i64, 2i64, 1i64, 2i64, 5i64, -1i64] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32], [7f32, 8f32], [9f32, 9f32], [9f32, 9f32]] 3i64 }
-- output { [[1f32, 2f32], [5f32, 6f32], [10f32, 12f32]] }
-- input { empty([0]i64) empty([0][2]f32) 2i64 }
-- output { [[0f32, 0f32], [0f32, 0f32]] }
-- input { [0i64, 1i64] empty([2][0]f32) 2i64 }
-- output { empty([2][0]f32) }
entry main [n][d] (is: [n]i64) (vss: [n][d]f32) (k: i64) : [k][d]f32 =
  hist (map2 (+)) (replicate d 0) k is vss

-- ==
-- entry: maxes
-- input { [0i64, 1i64, 0i64] [[1i32, 9i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [[5i32, 9i32], [3i32, 4i32]] }
entry maxes [n][d] (is: [n]i64) (vss: [n][d]i32) : [2][d]i32 =
  hist (map2 i32.max) (replicate d i32.lowest) 2 (map (+ 0) is) vss

-- Sums and counts per bucket, which fusion makes one histogram with two
-- operators.
-- ==
-- entry: sums_and_counts
-- input { [1i64, 0i64, 1i64, 7i64] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32], [9f32, 9f32]] }
-- output { [[3f32, 4f32], [6f32, 8f32]] [1i32, 2i32] }
-- input { empty([0]i64) empty([0][3]f32) }
-- output { [[0f32, 0f32, 0f32], [0f32, 0f32, 0f32]] [0i32, 0i32] }
entry sums_and_counts [n][d] (is: [n]i64) (vss: [n][d]f32) : ([2][d]f32, [2]i32) =
  let sums = hist (map2 (+)) (replicate d 0) 2 is vss
  let counts = hist (+) 0 2 is (replicate n 1i32)
  in (sums, counts)

-- A histogram of rows in a loop: its destination, made afresh in every
-- iteration, must not be made once before the loop.
-- ==
-- entry: in_loop
-- input { [1i64, 0i64, 1i64] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] 3i32 }
-- output { [[2.625f32, 3.5f32], [5.25f32, 7f32]] }
entry in_loop [n][d] (is: [n]i64) (vss: [n][d]f32) (steps: i32) : [2][d]f32 =
  loop acc = replicate 2 (replicate d 0) for _i < steps do
    map2 (map2 (+)) acc (hist (map2 (+)) (replicate d 0) 2 is vss) |> map (map (/ 2))
