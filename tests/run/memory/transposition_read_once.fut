-- A transposition read once along its rows (a matrix's column sums)
-- stays a view: only the result gets a block.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [5, 7, 9] }
-- structure seq-mem { Alloc 1 }

def main [n] [m] (a: [n][m]i32) : [m]i32 =
  map i32.sum (transpose a)
