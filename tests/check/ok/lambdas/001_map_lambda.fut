-- An anonymous function passed to map.
-- ==
def incr [n] (xs: [n]i32) = map (\x -> x + 1) xs
