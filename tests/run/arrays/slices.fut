-- Slices: ranges, strides, omitted bounds, negative strides (defaults run from
-- the end to before the start), slices of matrices.
-- ==
-- entry: range
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] 2i64 5i64 }
-- output { [2i32, 3i32, 4i32] }
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] 3i64 3i64 }
-- output { empty([0]i32) }
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] 0i64 8i64 }
-- output { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }

-- ==
-- entry: strided
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [1i32, 3i32, 5i32] [0i32, 3i32, 6i32] [0i32, 1i32, 2i32] [2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- input { [9i32, 8i32, 7i32, 6i32, 5i32, 4i32] }
-- output { [8i32, 6i32, 4i32] [9i32, 6i32] [9i32, 8i32, 7i32] [7i32, 6i32, 5i32, 4i32] }

-- ==
-- entry: negative
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [7i32, 6i32, 5i32, 4i32, 3i32, 2i32, 1i32, 0i32] [5i32, 3i32] [3i32, 2i32, 1i32, 0i32] [7i32, 6i32, 5i32, 4i32, 3i32] }
-- input { [5i32, 4i32, 3i32, 2i32, 1i32, 0i32, -1i32] }
-- output { [-1i32, 0i32, 1i32, 2i32, 3i32, 4i32, 5i32] [0i32, 2i32] [2i32, 3i32, 4i32, 5i32] [-1i32, 0i32, 1i32, 2i32] }

-- ==
-- entry: matrix
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { [[4i32, 5i32], [7i32, 8i32]] [2i32, 5i32, 8i32] [[3i32, 2i32, 1i32], [9i32, 8i32, 7i32]] [4i32, 5i32, 6i32] }
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[3i32, 4i32]] [2i32, 4i32] [[2i32, 1i32]] [3i32, 4i32] }

entry range (xs: []i32) (i: i64) (j: i64) = xs[i:j]

entry strided (xs: []i32) = (xs[1:6:2], xs[::3], xs[:3], xs[2:])

entry negative (xs: []i32) = (xs[::-1], xs[5:1:-2], xs[3::-1], xs[:2:-1])

entry matrix (m: [][]i32) = (m[1:, :2], m[:, 1], m[::2, ::-1], m[1])
