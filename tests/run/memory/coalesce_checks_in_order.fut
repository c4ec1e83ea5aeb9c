-- A chain of updates (a row into a matrix, the matrix into a cube), with
-- an index that can fail between them: the cube's memory receives the
-- matrix and the row directly (the array read afterwards keeps its own),
-- and the checks made in front of the computation keep the program's
-- order, so the first failure is the one reported.
-- ==
-- input { [1, 2] 0i64 1i64 0i64 }
-- output { [[[9, 9], [4, 5]], [[1, 1], [1, 1]]] }
-- input { [1, 2] 2i64 5i64 0i64 }
-- error: Index \[5\] out of bounds for array of shape \[2\]\[2\]
-- input { [1, 2] 5i64 1i64 0i64 }
-- error: Index \[5\] out of bounds for array of shape \[2\]\[2\]\[2\]
-- input { empty([0]i32) 0i64 1i64 5i64 }
-- error: Index \[5\] out of bounds for array of shape \[0\]
-- structure seq-mem { Alloc 2 }

def main [n] (ns: [n]i32) (i: i64) (j: i64) (k: i64) : [n][n][n]i32 =
  let wsss = replicate n (replicate n (replicate n 1))
  let vss = replicate n (replicate n 9)
  let xs = map (+ 1) ns
  let first = xs[k]
  let vss[j] = map (+ first) xs
  let wsss[i] = vss
  in wsss
