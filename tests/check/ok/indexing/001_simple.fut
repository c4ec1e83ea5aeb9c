-- Indexing a one-dimensional array with an i64.
-- ==
def get [n] (xs: [n]f32) (i: i64) = xs[i]
def r = get [1, 2, 3] 1
