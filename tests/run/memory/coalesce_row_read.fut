-- In a loop over the rows, each new row is computed from the row it
-- replaces, each element from the element it replaces: the row is
-- written in place, since every element is read before it is written.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[2, 4, 6], [5, 7, 9]] }
-- input { empty([0][3]i32) }
-- output { empty([0][3]i32) }
-- structure seq-mem { Alloc 1 }

def main [n] [m] (xss: *[n][m]i32) : *[n][m]i32 =
  loop xss for i < n do
    let row = map2 (+) xss[i] (map i32.i64 (iota m))
    let row' = map (+ 1) row
    in xss with [i] = row'
