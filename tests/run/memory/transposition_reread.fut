-- A transposition whose rows every row of another matrix reads (matrix
-- multiplication) is copied into a row-major block once, so that those
-- reads go along adjacent elements: one block for it, one for the result.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] [[1, 0, 2], [0, 1, 3]] }
-- output { [[1, 2, 8], [3, 4, 18], [5, 6, 28]] }
-- input { empty([0][2]i32) [[1, 0, 2], [0, 1, 3]] }
-- output { empty([0][3]i32) }
-- structure seq-mem { Alloc 2 }

def main [n] [m] [p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a
