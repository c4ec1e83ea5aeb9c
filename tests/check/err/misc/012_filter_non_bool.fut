-- filter is given a predicate that returns an integer.
-- ==
-- error: Cannot apply "filter" to "\\\(x: i32\) -> x % 2" \(invalid type\)
def f [n] (xs: [n]i32) = filter (\(x: i32) -> x % 2) xs
