-- A sequential loop reading and writing single elements of arrays (an
-- inclusive scan of rows by a loop, then a running maximum), with a
-- bounds failure inside the loop: the OpenCL back end runs such loops
-- on the device, with the same results and failures.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 }
-- output { [[1, 2, 3], [5, 7, 9]] 7 }
-- input { empty([0][3]i32) 0i64 }
-- output { empty([0][3]i32) 0 }
-- input { [[1, 2, 3], [4, 5, 6]] 4i64 }
-- error: Index \[0, 3\] out of bounds for array of shape \[2\]\[3\]

def main [n] [m] (xss: [n][m]i32) (k: i64) : ([n][m]i32, i32) =
  let (sums, _) =
    loop (sums, prev) = (copy xss, replicate m 0) for i < n do
      let row = loop row = copy xss[i] for j < m do row with [j] = row[j] + prev[j]
      in (sums with [i] = row, row)
  let top = loop top = 0 for i < n do
    loop top for j < k do i32.max top sums[i, j]
  in (sums, top)
