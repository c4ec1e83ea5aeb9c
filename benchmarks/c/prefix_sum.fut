-- Inclusive prefix sum.

entry main (xs: []i64) : []i64 = scan (+) 0 xs
