-- A row written into a matrix and returned as well: made in place, the
-- later update of the matrix would change it, so it keeps its memory.
-- ==
-- input { [[1, 2], [3, 4]] 0i64 [5, 6] }
-- output { [[0, 7], [3, 4]] [6, 7] }
-- structure seq-mem { Alloc 1 }

def main [n] [m] (xss: *[n][m]i32) (i: i64) (ys: [m]i32) =
  let row = map (+ 1) ys
  let xss' = xss with [i] = row
  let xss'' = xss' with [i, 0] = 0
  in (xss'', row)
