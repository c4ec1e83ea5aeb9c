-- `while` loops whose condition the simplifier can decide: one compares
-- an element with itself (never true, but its bounds check still runs
-- once), one passes its flag on unchanged. The loops' forms must keep
-- naming their conditions (a fuzzed program once lost one).
-- ==
-- entry: countdown
-- input { [3i32, 1i32, 2i32] 2i64 } output { 2i64 }
-- input { [3i32, 1i32, 2i32] 0i64 } output { 0i64 }
-- input { [3i32, 1i32, 2i32] 5i64 } error: Index \[5\] out of bounds

-- ==
-- entry: unchanged_flag
-- input { 1i32 } output { 1i32 false }
-- input { 100i32 } output { 100i32 false }

entry countdown (xs: []i32) (i: i64) : i64 =
  loop j = i while j > 0 && xs[j] < xs[j - 0] do j - 1

entry unchanged_flag (n: i32) : (i32, bool) =
  loop (x, go) = (n, n > 100) while go do (x + 1, go)
