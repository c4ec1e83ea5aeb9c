-- A row computed from the row it replaces and its neighbours: the
-- neighbours lie before or after the row in the destination, and the row
-- is read at each element before that element is written, so the row is
-- computed in place.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] 1i64 }
-- output { [[1, 2], [9, 12], [5, 6]] }
-- input { [[1, 2], [3, 4], [5, 6]] 2i64 }
-- error: Index \[3\] out of bounds for array of shape \[3\]\[2\]
-- input { [[1, 2], [3, 4], [5, 6]] 0i64 }
-- error: Index \[-1\] out of bounds for array of shape \[3\]\[2\]
-- structure seq-mem { Alloc 0 }

def main [n] [m] (xss: *[n][m]i32) (i: i64) : *[n][m]i32 =
  let row = map3 (\a b c -> a + b + c) xss[i - 1] xss[i] xss[i + 1]
  in xss with [i] = row
