-- Inside a lambda, match cases return a tuple and a scalar.
-- ==
-- error: Cases of match-expression differ in type
def f [n] (xs: [n]bool) = map (\b -> match b case true -> (1i32, 1i32) case false -> 0i32) xs
