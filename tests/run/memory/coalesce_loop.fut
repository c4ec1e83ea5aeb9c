-- An array made by a copy and updated in place by a loop, then written
-- into a row of a consumed matrix: the copy, the loop's parameter and
-- its result all live in that row.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] [10, 20] }
-- output { [[1, 9], [10, 21], [5, 6]] }
-- input { empty([0][2]i32) [10, 20] }
-- error: Index \[0, 1\] out of bounds for array of shape \[0\]\[2\]
-- structure seq-mem { Alloc 0 }

def main [n] [m] (ys: *[n][m]i32) (a: [m]i32) : *[n][m]i32 =
  let ys[0, 1] = 9
  let a0 = copy a
  let a1 = loop a1 = a0 for i < m do a1 with [i] = a1[i] + i32.i64 i
  in ys with [n / 2] = a1
