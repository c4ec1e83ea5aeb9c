-- A row computed by a map (a loop writing a fresh array) and then
-- written into a row of a consumed matrix is computed in the matrix's
-- memory: no allocation remains. An index out of bounds still fails
-- with the update's message, before anything is written.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 [10, 20, 30] }
-- output { [[1, 2, 3], [11, 21, 31]] }
-- input { [[1, 2, 3], [4, 5, 6]] 0i64 [10, 20, 30] }
-- output { [[11, 21, 31], [4, 5, 6]] }
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 [10, 20, 30] }
-- error: Index \[2\] out of bounds for array of shape \[2\]\[3\]
-- input { [[1, 2, 3], [4, 5, 6]] -1i64 [10, 20, 30] }
-- error: Index \[-1\] out of bounds for array of shape \[2\]\[3\]
-- structure seq-mem { Alloc 0 }
-- structure mc-mem { Alloc 0 }

def main [n] [m] (xss: *[n][m]i32) (i: i64) (ys: [m]i32) : *[n][m]i32 =
  let row = map (+ 1) ys
  in xss with [i] = row
