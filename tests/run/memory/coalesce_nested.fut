-- A chain of copies: rows made in place in a matrix that is made in
-- place in a slice of a three-dimensional array. The two rows are
-- computed by one (fused) loop: once the first row lives in the matrix,
-- the second one, made while the loop also writes the first, keeps a
-- block of its own.
-- ==
-- input { [[[0, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 0, 0]]] 1i64 [1, 2, 3] }
-- output { [[[0, 0, 0], [0, 0, 0]], [[2, 3, 4], [3, 4, 5]]] }
-- input { [[[0, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 0, 0]]] 2i64 [1, 2, 3] }
-- error: Index \[2\] out of bounds for array of shape \[2\]\[2\]\[3\]
-- structure seq-mem { Alloc 1 }

def main [k] (a: *[k][2][3]i32) (i: i64) (ys: [3]i32) : *[k][2][3]i32 =
  let m = replicate 2 (replicate 3 0)
  let first = map (+ 1) ys
  let m[0] = first
  let second = map (+ 2) ys
  let m[1] = second
  in a with [i] = m
