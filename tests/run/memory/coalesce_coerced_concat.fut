-- A concatenation of two maps, coerced to the size of a matrix's rows
-- and written into one: once the size check (made in front of the
-- computation) has passed, the block of the concatenation holds exactly
-- the row, so both maps write the matrix directly.
-- ==
-- input { [[0, 0, 0], [0, 0, 0]] [1, 2] [3] 1i64 }
-- output { [[0, 0, 0], [2, 3, 4]] }
-- input { [[0, 0, 0], [0, 0, 0]] [1, 2] [3, 4] 1i64 }
-- error: Value of shape \[4\] cannot match shape of type "\[3\]i32"
-- input { [[0, 0, 0], [0, 0, 0]] [1, 2] [3] 2i64 }
-- error: Index \[2\] out of bounds for array of shape \[2\]\[3\]
-- structure seq-mem { Alloc 0 }

def main [n] [m] [k] [l] (xss: *[n][l]i32) (a: [m]i32) (b: [k]i32) (i: i64) : *[n][l]i32 =
  let a1 = map (+ 1) a
  let b1 = map (+ 1) b
  let row = concat a1 b1
  let xss[i] = row :> [l]i32
  in xss
