-- Coercing the unknown size of a slice to a named size.
-- ==
def tail_exact [n] (xs: [n]i32) : [n - 1]i32 = xs[1:] :> [n - 1]i32
