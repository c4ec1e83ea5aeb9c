-- Multidimensional arrays: size parameters, row reductions, three-dimensional
-- tabulation, indexing to rows and elements.
-- ==
-- entry: main
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { 3i64 2i64 [3i32, 7i32, 11i32] 6i32 }
-- input { [[1i32, 2i32, 3i32, 4i32]] }
-- output { 1i64 4i64 [10i32] 4i32 }

-- ==
-- entry: cube
-- input { 0i64 }
-- output { 23i32 [100i32, 101i32, 102i32, 103i32] 3i64 [0i32, 100i32] }
-- input { 1i64 }
-- output { 123i32 [110i32, 111i32, 112i32, 113i32] 3i64 [0i32, 100i32] }
-- input { 2i64 }
-- output { 23i32 [120i32, 121i32, 122i32, 123i32] 3i64 [0i32, 100i32] }

-- ==
-- entry: rows
-- input { [[3i32, 1i32], [4i32, 1i32], [5i32, 9i32]] }
-- output { [3i32, 4i32, 5i32] }
-- input { empty([0][2]i32) }
-- output { empty([0]i32) }

def main [n][m] (a: [n][m]i32) = (n, m, map (\r -> reduce (+) 0 r) a, a[n - 1, m - 1])

entry cube (i: i64) =
  let c = tabulate_3d 2 3 4 (\a b c -> i32.i64 (100 * a + 10 * b + c))
  in (c[i % 2, 2, 3], c[1, i % 3], length c[0], c[:, 0, 0])

entry rows (a: [][]i32) = map (\r -> r[0]) a
