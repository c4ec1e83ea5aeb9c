-- reduce, scan and reduce_by_index with operators on whole rows, and maps
-- producing tuples containing arrays.
-- ==
-- entry: col_sums
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [-1i32, 0i32, 1i32]] }
-- output { [4i32, 7i32, 10i32] }
-- input { empty([0][2]i32) }
-- output { [0i32, 0i32] }

-- ==
-- entry: row_prefix
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [-1i32, 0i32, 1i32]] }
-- output { [[1i32, 2i32, 3i32], [5i32, 7i32, 9i32], [4i32, 7i32, 10i32]] }

-- ==
-- entry: vec_hist
-- input { 2i64 [1i64, 0i64, 1i64] [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [-1i32, 0i32, 1i32]] }
-- output { [[4i32, 5i32, 6i32], [0i32, 2i32, 4i32]] }

-- ==
-- entry: tuple_map
-- input { [2i32, -3i32] }
-- output { [2i32, -3i32] [[2i32, -2i32], [-3i32, 3i32]] [true, false] }

-- SOACs whose operators work on whole arrays: vector sums by reduce and
-- scan, histograms of vectors, maps producing tuples and arrays.
def vadd [m] (a: [m]i32) (b: [m]i32) = map2 (+) a b

entry col_sums [n][m] (xss: [n][m]i32) = reduce vadd (replicate m 0) xss

entry row_prefix [n][m] (xss: [n][m]i32) = scan vadd (replicate m 0) xss

entry vec_hist [n][m] (k: i64) (is: [n]i64) (xss: [n][m]i32) = reduce_by_index (replicate k (replicate m 0)) vadd (replicate m 0) is xss

entry tuple_map (xs: []i32) =
  let (a, b, c) = unzip3 (map (\x -> (x, [x, -x], x > 0)) xs)
  in (a, b, c)
