-- Size parameters that no argument's shape gives (`unflatten`'s two
-- factors of `[n * m]`), taken from the use's type: sizes no name gives
-- (a parameter written `[][]t`, or one without a type), and sizes
-- written as applications, which are computed where they are needed.
-- ==
-- entry: bump_rows
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[2, 3, 4], [5, 6, 7]] }
-- input { empty([0][4]i32) } output { empty([0][4]i32) }

-- ==
-- entry: regroup_untyped
-- input { [[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]] }
-- output { [[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]] }

-- ==
-- entry: as_square
-- input { [1i64, 2i64, 3i64, 4i64] } output { [[1i64, 2i64], [3i64, 4i64]] }
-- input { [1i64, 2i64, 3i64] } error: cannot match shape

-- ==
-- entry: grid
-- input { 2 3 [1, 2, 3, 4, 5, 6] } output { [[1, 4], [2, 5], [3, 6]] }

entry bump_rows (rows: [][]i32) = flatten rows |> map (+ 1) |> unflatten

entry regroup_untyped xs : [][]i64 = unflatten (flatten xs)

def root (x: i64) : i64 = i64.f64 (f64.sqrt (f64.i64 x))

entry as_square [n] (xs: [n]i64) : [][]i64 =
  unflatten (xs :> [root n * root n]i64)

def pairs 't (rows: i32) (cols: i32) : [i64.i32 rows * i64.i32 cols]t -> [][]t =
  unflatten

entry grid (rows: i32) (cols: i32) (xs: []i32) : [][]i32 =
  transpose (pairs rows cols (xs :> [i64.i32 rows * i64.i32 cols]i32))
