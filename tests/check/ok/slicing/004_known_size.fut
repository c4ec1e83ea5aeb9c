-- A prefix slice with a variable bound has a known size.
-- ==
def prefix [m] (n: i64) (xs: [m]i32) : [n]i32 = xs[:n]
def prefix2 [m] (n: i64) (xs: [m]i32) : [n]i32 = xs[0:n]
