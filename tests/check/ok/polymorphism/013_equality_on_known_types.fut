-- Equality on types that support it.
-- ==
def same_pair (a: (i32, bool)) (b: (i32, bool)) = a == b
def all_same [n] (xs: [n]i64) = all (== xs[0]) xs
