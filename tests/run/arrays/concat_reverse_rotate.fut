-- Concatenation (++ and concat), reverse, rotate by positive, negative and
-- large amounts, and the same operations on rows of matrices.
-- ==
-- entry: main
-- input { [1i32, 2i32] [3i32] }
-- output { [1i32, 2i32, 3i32] [3i32, 1i32, 2i32] [2i32, 1i32] [1i32, 2i32, 3i32] }
-- input { [6i32] [4i32, 5i32] }
-- output { [6i32, 4i32, 5i32] [4i32, 5i32, 6i32] [6i32] [6i32, 4i32, 5i32] }
-- input { [7i32, 8i32, 9i32] empty([0]i32) }
-- output { [7i32, 8i32, 9i32] [7i32, 8i32, 9i32] [9i32, 8i32, 7i32] [7i32, 8i32, 9i32] }

-- ==
-- entry: rot
-- input { 1i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [2i32, 3i32, 4i32, 5i32, 1i32] }
-- input { -1i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5i32, 1i32, 2i32, 3i32, 4i32] }
-- input { 0i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- input { 7i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [3i32, 4i32, 5i32, 1i32, 2i32] }
-- input { -12i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [4i32, 5i32, 1i32, 2i32, 3i32] }
-- input { 3i64 empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: rows
-- input { [[1i32, 2i32], [3i32, 4i32]] [[5i32, 6i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] [[2i32, 1i32], [4i32, 3i32]] [[3i32, 4i32], [1i32, 2i32]] }

-- ==
-- entry: inner_rotate
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { [[1i32, 2i32, 3i32], [5i32, 6i32, 4i32], [9i32, 7i32, 8i32]] }

def main (xs: []i32) (ys: []i32) = (xs ++ ys, concat ys xs, reverse xs, xs ++ [] ++ ys)

entry rot (r: i64) (xs: []i32) = rotate r xs

entry rows (a: [][]i32) (b: [][]i32) = (a ++ b, map reverse a, reverse a)

entry inner_rotate (m: [][]i32) = map2 rotate (indices m) m
