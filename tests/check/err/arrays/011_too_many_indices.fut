-- Two indices are given for a one-dimensional array.
-- ==
-- error: Cannot index 2 dimensions into an array of rank 1
def f [n] (xs: [n]i32) = xs[0, 1]
