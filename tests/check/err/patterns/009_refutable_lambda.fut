-- A lambda parameter is the literal true.
-- ==
-- error: Refutable pattern not allowed here
def f [n] (xs: [n]bool) = map (\true -> 1i32) xs
