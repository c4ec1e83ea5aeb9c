-- A loop writing element `i + 1` of an array at iteration `i < n - 1`,
-- and then the array written into a row of a matrix: the indices are
-- inside the array's size, so nothing in between can fail and the array
-- is built in the matrix's row.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] [7, 8, 9] 1i64 }
-- output { [[1, 2, 3], [7, 29, 96]] }
-- input { [[1, 2, 3], [4, 5, 6]] [7, 8, 9] 2i64 }
-- error: Index \[2\] out of bounds for array of shape \[2\]\[3\]
-- structure seq-mem { Alloc 0 }

def main [n] [m] (xss: *[n][m]i32) (cs: [m]i32) (i: i64) : *[n][m]i32 =
  let xs = replicate m 0 |> opaque
  let xs[0] = cs[0]
  let xs =
    loop xs for k < m - 1 do
      let xs[k + 1] = 3 * xs[k] + cs[k + 1]
      in xs
  let xss[i] = xs
  in xss
