-- Reverse-mode derivatives through scans, reductions and histograms whose
-- operator adds rows elementwise (`map2 (+)`).
-- ==
-- entry: scan_rows
-- input { [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [[1f32, 0f32], [0f32, 1f32], [2f32, 2f32]] }
-- output { [[3f32, 3f32], [2f32, 3f32], [2f32, 2f32]] }

def prefix_rows [n][m] (xss: [n][m]f32) : [n][m]f32 =
  scan (map2 (+)) (replicate m 0) xss

entry scan_rows [n][m] (xss: [n][m]f32) (seed: [n][m]f32) : [n][m]f32 =
  vjp prefix_rows xss seed

-- ==
-- entry: reduce_rows
-- input { [[1f32, 2f32], [3f32, 4f32]] [5f32, 7f32] }
-- output { [[5f32, 7f32], [5f32, 7f32]] }

entry reduce_rows [n][m] (xss: [n][m]f32) (seed: [m]f32) : [n][m]f32 =
  vjp (\xss -> reduce (map2 (+)) (replicate m 0) (map (map (* 1)) xss)) xss seed

-- ==
-- entry: hist_rows
-- input { [0i64, 1i64, 0i64, 5i64] [[1f32, 1f32], [2f32, 2f32], [3f32, 3f32], [4f32, 4f32]] [[1f32, 2f32], [3f32, 4f32]] }
-- output { [[1f32, 2f32], [3f32, 4f32], [1f32, 2f32], [0f32, 0f32]] }

entry hist_rows [n][m] (is: [n]i64) (vss: [n][m]f32) (seed: [2][m]f32) : [n][m]f32 =
  vjp (\vss -> reduce_by_index (replicate 2 (replicate m 0)) (map2 (+)) (replicate m 0) is vss) vss seed
