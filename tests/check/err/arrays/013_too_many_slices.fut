-- A slice of two dimensions is taken of a vector inside a loop.
-- ==
-- error: Cannot index 2 dimensions into an array of rank 1
def f [n] (xs: [n]i64) = loop s = 0i64 for i < n do s + length xs[1:, 0]
