-- An entry point over a two-dimensional array.
-- ==
entry row_sums [n] [m] (a: [n][m]f64) : [n]f64 = map (reduce (+) 0) a
