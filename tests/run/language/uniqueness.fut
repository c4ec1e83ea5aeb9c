-- Unique (consumable) parameters and results: functions that update their
-- argument in place, copies protecting the original, updates in loops.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] [42i32, 2i32, 3i32] [43i32, 3i32, 4i32] }

-- ==
-- entry: fresh
-- input { 3i64 }
-- output { [-1i32, 1i32, 1i32] }

-- ==
-- entry: rows
-- input { [[1i32, 1i32], [2i32, 2i32], [3i32, 3i32]] }
-- output { [[0i32, 0i32], [2i32, 2i32], [6i32, 6i32]] }

-- Uniqueness: functions consuming their unique arguments, updates in loops.
def set_first (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v

def bump_all (xs: *[]i32) : *[]i32 =
  loop xs for i < length xs do xs with [i] = xs[i] + 1

def main (xs: []i32) =
  let ys = copy xs
  let ys = set_first ys 42
  let zs = bump_all (copy ys)
  in (xs, ys, zs)

-- Consuming a fresh array returned from a function call.
entry fresh (n: i64) = set_first (replicate n 1) (-1)

-- In-place updates of a matrix row by row.
entry rows (m: *[][]i32) =
  loop m for i < length m do
    let m[i] = map (* i32.i64 i) m[i]
    in m
