-- In-place updates: `with`, `let a[i] = ...`, whole rows, slices, strided
-- slices, and updates inside loops.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] 1i64 9i32 }
-- output { [101i32, 9i32, 3i32] }
-- input { [5i32] 0i64 -1i32 }
-- output { [99i32] }
-- input { [1i32, 2i32, 3i32, 4i32] 3i64 0i32 }
-- output { [101i32, 2i32, 3i32, 0i32] }

-- ==
-- entry: matrix
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { [[1i32, 42i32, 3i32], [7i32, 8i32, 9i32], [-1i32, -2i32, 9i32]] }

-- ==
-- entry: slice_update
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [1i32, 0i32, 3i32, 0i32, 5i32, 0i32, 7i32] }

-- ==
-- entry: in_loop
-- input { 0i64 }
-- output { empty([0]i64) }
-- input { 1i64 }
-- output { [0i64] }
-- input { 5i64 }
-- output { [0i64, 1i64, 5i64, 14i64, 30i64] }

def main (xs: *[]i32) (i: i64) (x: i32) =
  let ys = xs with [i] = x
  let ys[0] = ys[0] + 100
  in ys

entry matrix (m: *[][]i32) =
  let m = m with [0, 1] = 42
  let m[1] = [7, 8, 9]
  let m[2, :2] = [-1, -2]
  in m

entry slice_update (xs: *[]i32) = xs with [1:7:2] = [0, 0, 0]

entry in_loop (n: i64) =
  let init = replicate n 0i64
  in loop acc = init for i < n do
       acc with [i] = i * i + (if i > 0 then acc[i - 1] else 0)
