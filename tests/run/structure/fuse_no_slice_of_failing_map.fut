-- A gather can fail on the rows a slice leaves out, so it is not sliced:
-- the out-of-bounds index is still reported.
-- ==
-- input { [2i64, 0i64, 1i64] [10, 20, 30] }
-- output { [31, 21] }
-- input { [2i64, 9i64, 1i64] [10, 20, 30] }
-- error: Index \[9\] out of bounds
-- structure { Screma 2 }

def main (is: []i64) (xs: []i32) : []i32 =
  map (+ 1) (map (\i -> xs[i]) is)[::2]
