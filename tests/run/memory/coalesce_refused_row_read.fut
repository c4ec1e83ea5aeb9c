-- In a loop over the rows, each new row is computed from the row it
-- replaces: it gets memory of its own.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[2, 4, 6], [5, 7, 9]] }
-- structure seq-mem { Alloc 2 }

def main [n] [m] (xss: *[n][m]i32) : *[n][m]i32 =
  loop xss for i < n do
    let row = map2 (+) xss[i] (map i32.i64 (iota m))
    let row' = map (+ 1) row
    in xss with [i] = row'
