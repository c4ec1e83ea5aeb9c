-- Mixing an index and a slice in one subscript.
-- ==
def row_tail [n] [m] (a: [n][m]i64) (i: i64) = a[i, 1:]
def col_head [n] [m] (a: [n][m]i64) = a[:2, 0]
