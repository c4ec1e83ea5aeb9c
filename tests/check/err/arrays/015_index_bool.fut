-- An array is indexed with a boolean.
-- ==
-- error: An index must be an integer
def f [n] (xs: [n]i32) (b: bool) = xs[b]
