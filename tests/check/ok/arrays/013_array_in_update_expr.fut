-- Updating a row of a unique two-dimensional array.
-- ==
def zero_row [n] [m] (a: *[n][m]f64) (i: i64) : *[n][m]f64 =
  a with [i] = replicate m 0
