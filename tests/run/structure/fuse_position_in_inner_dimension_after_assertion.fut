-- An index at the position in an inner dimension that follows an
-- assertion in the lambda is left where it is: its check may count on
-- the assertion, which must fail first.
-- ==
-- input { 1i64 [[1, 2, 3], [4, 5, 6]] }
-- output { [8, 10, 12] }
-- input { 2i64 [[1, 2, 3], [4, 5, 6]] }
-- error: Assertion is false: j < m
-- structure { Iota 1 }

def main [m] [n] (j: i64) (xs: [m][n]i32) : [n]i32 =
  map (\i -> let x = assert (j < m) xs[j, i] in x * 2) (iota n)
