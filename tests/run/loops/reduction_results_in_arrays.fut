-- A loop whose iterations reduce an array and pass the result on through
-- single elements: the position of the smallest value is recorded and
-- that value replaced, so each iteration finds the next smallest. The
-- OpenCL back end runs the element code between the reductions on the
-- device; the results and the failure (a position of -1 once every value
-- has been taken) are as everywhere else.
-- ==
-- input { [5f32, 1f32, 4f32, 2f32, 3f32] 3i64 }
-- output { [1i32, 3i32, 4i32] [1f32, 2f32, 3f32] }
-- input { [2f32, 2f32, 1f32] 3i64 }
-- output { [2i32, 0i32, 1i32] [1f32, 2f32, 2f32] }
-- input { [2f32, 1f32] 3i64 }
-- error: Index \[-1\] out of bounds for array of shape \[2\]

def smaller (i: i32, x: f32) (j: i32, y: f32) : (i32, f32) =
  if x < y || (x == y && i < j) then (i, x) else (j, y)

def main [n] (xs: [n]f32) (k: i64) : ([k]i32, [k]f32) =
  let (_, positions, values) =
    loop (xs, positions, values) = (copy xs, replicate k 0, replicate k 0)
    for i < k do
      let (j, x) = reduce smaller (-1, f32.inf) (zip (map i32.i64 (iota n)) xs)
      in (xs with [j] = f32.inf, positions with [i] = j, values with [i] = x)
  in (positions, values)
