-- An array written into part of a row (`yss[i, 1:]`), with slices of it
-- read by reductions in between: the array is made in the row, and the
-- checks of the slices (which fail on too short an array) and of the
-- update move in front of it, in order.
-- ==
-- input { 1i64 [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { 24i64 6i64 [[2, 2, 2, 2], [2, 6, 15, 24], [2, 2, 2, 2], [2, 2, 2, 2]] }
-- input { 4i64 [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- error: Index \[4, 1:4\] out of bounds for array of shape \[4\]\[4\]
-- input { 0i64 [[1]] }
-- error: Index \[2:1\] out of bounds for array of shape \[1\]
-- structure seq-mem { Alloc 1 }

def main [n] (i: i64) (xss: [n][n]i64) =
  let yss = replicate (n + 1) (replicate (n + 1) 2)
  let sums = map i64.sum xss
  let shown = opaque sums
  let r1 = i64.sum sums[2:]
  let r2 = i64.sum shown[:n - 2]
  let yss[i, 1:] = shown
  in (r1, r2, yss)
