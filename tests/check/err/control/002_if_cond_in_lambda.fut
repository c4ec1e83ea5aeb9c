-- Inside a lambda, the if-condition is a float.
-- ==
-- error: Condition of if-expression must be a bool
def f [n] (xs: [n]f32) = map (\(x: f32) -> if x then x else 0) xs
