-- Indexing fewer dimensions than the rank yields an array.
-- ==
def row [n] [m] (a: [n][m]f64) (i: i64) : [m]f64 = a[i]
def plane [n] [m] [k] (a: [n][m][k]u8) : [m][k]u8 = a[0]
