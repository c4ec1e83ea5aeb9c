-- copy produces an independent array; empty arrays of various shapes behave
-- as expected under length, null, map, reduce, ++.
-- ==
-- entry: main
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] [99i32, 2i32] 2i64 false }
-- input { [5i32, 6i32, 7i32] }
-- output { [5i32, 6i32, 7i32] [99i32, 6i32, 7i32] 3i64 false }

-- ==
-- entry: empties
-- input { 0i64 }
-- output { empty([0]i32) 0i64 0i64 empty([0]i32) 0i32 empty([0]i64) }
-- input { 3i64 }
-- output { empty([0]i32) 0i64 3i64 empty([0]i32) 0i32 [0i64, 1i64, 2i64] }

-- ==
-- entry: empty_rows
-- input { empty([3][0]f64) }
-- output { [0i64, 0i64, 0i64] 3i64 [0.0f64, 0.0f64, 0.0f64] }
-- input { empty([0][0]f64) }
-- output { empty([0]i64) 0i64 empty([0]f64) }

def main (xs: []i32) =
  let ys = copy xs
  let ys[0] = 99
  in (xs, ys, length xs, null xs)

entry empties (n: i64) =
  let e : []i32 = []
  in (e, length e, replicate n e |> length, map (+ 1) e, reduce (+) 0 e, [] ++ iota n)

entry empty_rows (xs: [][]f64) = (map length xs, length xs, map (reduce (+) 0) xs)
