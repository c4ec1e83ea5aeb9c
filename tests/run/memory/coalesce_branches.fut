-- A row that either branch of an if computes, written into a matrix.
-- ==
-- input { [[1, 2], [3, 4]] true [5, 6] }
-- output { [[1, 2], [6, 7]] }
-- input { [[1, 2], [3, 4]] false [5, 6] }
-- output { [[1, 2], [10, 12]] }
-- structure seq-mem { Alloc 0 }

def main [n] [m] (xss: *[n][m]i32) (b: bool) (ys: [m]i32) =
  let row = if b then map (+ 1) ys else map (* 2) ys
  in xss with [n - 1] = row
