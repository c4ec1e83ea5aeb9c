-- Array literals (one- and two-dimensional) and indexing with computed indices.
-- ==
-- entry: main
-- input { 0i64 }
-- output { 10i32 1i32 3i32 true 1.5f32 }
-- input { 1i64 }
-- output { 20i32 5i32 6i32 false 2.5f32 }
-- input { 3i64 }
-- output { 40i32 4i32 6i32 false 2.5f32 }
-- input { 2i64 }
-- output { 30i32 3i32 3i32 true 1.5f32 }

-- ==
-- entry: nested
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] 0i64 2i64 }
-- output { 3i32 7i32 10i32 }
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] 1i64 1i64 }
-- output { 5i32 5i32 10i32 }

def main (i: i64) =
  let a = [10, 20, 30, 40]
  let m = [[1, 2, 3], [4, 5, 6]]
  in (a[i], m[i % 2, i % 3], m[i % 2][2], [true, false][i % 2], [[1.5f32], [2.5]][i % 2, 0])

entry nested (xs: [][]i32) (i: i64) (j: i64) = (xs[i, j], xs[j, i], xs[i][j] + xs[j][i])
