-- iota and replicate build arrays of given size.
-- ==
def table (n: i64) : [n][n]i64 = map (\i -> replicate n i) (iota n)
def ones (n: i64) = replicate n 1f32
