-- Dropping the first element of arrays of sizes a and b leaves sizes
-- a - 1 and b - 1, which differ.
-- ==
-- error: do not match
def pairs [a] [b] (xs: [a]f32) (ys: [b]f32) = zip xs[1:] ys[1:]
