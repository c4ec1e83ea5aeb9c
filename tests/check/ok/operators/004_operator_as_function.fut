-- Built-in operators passed as functions.
-- ==
def sum [n] (xs: [n]i64) = reduce (+) 0 xs
def prod [n] (xs: [n]f64) = reduce (*) 1 xs
def pairwise_max [n] (a: [n]u8) (b: [n]u8) = map2 u8.max a b
