-- Three indices are given for a two-dimensional array.
-- ==
-- error: Cannot index 3 dimensions into an array of rank 2
def f [n] [m] (a: [n][m]u8) = a[0, 0, 0]
