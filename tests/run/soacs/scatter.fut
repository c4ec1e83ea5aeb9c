-- scatter into fresh and existing arrays (out-of-bounds indices ignored),
-- permutation, scatter_2d, spread.
-- ==
-- entry: main
-- input { [0i32, 0i32, 0i32, 0i32] [1i64, 3i64] [7i32, 8i32] }
-- output { [0i32, 7i32, 0i32, 8i32] }
-- input { [1i32, 2i32, 3i32] [-1i64, 3i64, 0i64] [9i32, 9i32, 5i32] }
-- output { [5i32, 2i32, 3i32] }
-- input { [4i32, 5i32] empty([0]i64) empty([0]i32) }
-- output { [4i32, 5i32] }

-- ==
-- entry: permute
-- input { [10i32, 20i32, 30i32, 40i32] [2i64, 0i64, 3i64, 1i64] }
-- output { [20i32, 40i32, 10i32, 30i32] }

-- ==
-- entry: two_d
-- input { [0i64, 1i64, 5i64] [1i64, 0i64, 0i64] [3i32, 4i32, 5i32] }
-- output { [[0i32, 3i32], [4i32, 0i32]] }

-- ==
-- entry: spreading
-- input { 4i64 [3i64, 1i64] [7i32, 8i32] }
-- output { [-1i32, 8i32, -1i32, 7i32] }

def main (dest: *[]i32) (is: []i64) (vs: []i32) = scatter dest is vs

entry permute (xs: []i32) (perm: []i64) = scatter (copy xs) perm xs

entry two_d (is: []i64) (js: []i64) (vs: []i32) = scatter_2d (replicate 2 (replicate 2 0)) (zip is js) vs

entry spreading (k: i64) (is: []i64) (vs: []i32) = spread k (-1) is vs
