-- filter is given a predicate that returns an integer.
-- ==
-- error: Argument does not have expected type
def f [n] (xs: [n]i32) = filter (\(x: i32) -> x % 2) xs
