-- A map over `iota n` reading an array at an outer index bound outside
-- and at the position, in an inner dimension of size `n`, maps over that
-- row instead: no `iota` is left. The outer index is checked where the
-- map has rows, failing as the first row's index would; without rows
-- nothing is indexed, and nothing fails.
-- ==
-- input { 1i64 [[1, 2, 3], [4, 5, 6]] [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
-- output { [8, 10, 12] [[8, 9], [10, 11], [12, 13]] }
-- input { 2i64 [[1, 2, 3], [4, 5, 6]] [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
-- error: Index \[2, 0\] out of bounds for array of shape \[2\]\[3\]
-- input { 7i64 empty([2][0]i32) empty([2][0][2]i32) }
-- output { empty([0]i32) empty([0][2]i32) }
-- structure { Iota 0 }

def main [m] [n] [k] (j: i64) (xs: [m][n]i32) (yss: [m][n][k]i32) : ([n]i32, [n][k]i32) =
  ( map (\i -> xs[j, i] * 2) (iota n)
  , map (\i -> map (+ 1) yss[j, i]) (iota n)
  )
