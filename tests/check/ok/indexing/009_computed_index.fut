-- Index expressions built from arithmetic on sizes.
-- ==
def last [n] (xs: [n]i64) = xs[n - 1]
def middle [n] (xs: [n]i64) = xs[n / 2]
