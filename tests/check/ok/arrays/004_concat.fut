-- Concatenating arrays with ++.
-- ==
def a = [1, 2]
def b = [3, 4, 5]
def c = a ++ b
def snoc [n] (xs: [n]i64) (x: i64) : [n + 1]i64 = xs ++ [x]
