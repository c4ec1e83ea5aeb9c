-- A slice with explicit unit stride still has a known size.
-- ==
def firsts [m] (k: i64) (xs: [m]f64) : [k]f64 = xs[0:k:1]
