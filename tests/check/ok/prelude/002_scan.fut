-- Inclusive and exclusive scans.
-- ==
def prefix_sums [n] (xs: [n]i64) : [n]i64 = scan (+) 0 xs
def offsets [n] (xs: [n]i64) : [n]i64 = exscan (+) 0 xs
