-- Inside a lambda, a function is applied to an argument of the wrong type.
-- ==
-- error: Cannot apply "map" to "xs" \(invalid type\)
def g (b: bool) = if b then 1i32 else 0
def r [n] (xs: [n]i32) = map (\x -> g x) xs
