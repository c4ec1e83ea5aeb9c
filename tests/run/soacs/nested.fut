-- Compositions of SOACs: map-reduce (dot product), row and column sums,
-- flattened nested maps, scans inside maps, nested maps with reductions.
-- ==
-- entry: main
-- input { [1.0f64, 2.0f64, 3.0f64] [4.0f64, 5.0f64, 6.0f64] }
-- output { 32.0f64 14.0f64 }
-- input { [0.5f64] [2.0f64] }
-- output { 1.0f64 0.25f64 }

-- ==
-- entry: row_sums
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [6i32, 15i32] 21i32 [5i32, 7i32, 9i32] }

-- ==
-- entry: flat_nested
-- input { 2i64 3i64 }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] }
-- input { 0i64 3i64 }
-- output { empty([0]i64) }
-- input { 3i64 1i64 }
-- output { [0i64, 1i64, 2i64] }

-- ==
-- entry: scan_rows
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [3i32, 7i32, 11i32] }

-- ==
-- entry: count_matches
-- input { [1i32, 2i32, 3i32] [2i32, 2i32, 3i32, 5i32] }
-- output { [0i32, 2i32, 1i32] }

-- Dot product and sum of squares: map followed by reduce.
def main (xs: []f64) (ys: []f64) = (reduce (+) 0 (map2 (*) xs ys), f64.sum (map (\x -> x * x) xs))

entry row_sums (m: [][]i32) = (map i32.sum m, i32.sum (flatten m), map (reduce (+) 0) (transpose m))

entry flat_nested (n: i64) (m: i64) = flatten (map (\i -> map (\j -> i * m + j) (iota m)) (iota n))

entry scan_rows (m: [][]i32) = map (\r -> (scan (+) 0 r)[length r - 1]) m

entry count_matches (xs: []i32) (ys: []i32) =
  map (\x -> i32.sum (map (\y -> i32.bool (x == y)) ys)) xs
