-- A for-in loop over the rows of a matrix.
-- ==
def row_sums [n] [m] (a: [n][m]i32) : [m]i32 =
  loop acc = replicate m 0 for row in a do map2 (+) acc row
