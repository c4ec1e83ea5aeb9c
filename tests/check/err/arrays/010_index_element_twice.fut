-- An element of a vector is indexed again.
-- ==
-- error: (Only arrays can be indexed|not an array)
def f [n] (xs: [n]f32) (i: i64) = let x = xs[i] in x[i]
