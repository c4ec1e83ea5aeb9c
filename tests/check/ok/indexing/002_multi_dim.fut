-- Indexing several dimensions at once.
-- ==
def at [n] [m] (a: [n][m]i32) (i: i64) (j: i64) : i32 = a[i, j]
def trace [n] (a: [n][n]i32) = reduce (+) 0 (map (\i -> a[i, i]) (iota n))
