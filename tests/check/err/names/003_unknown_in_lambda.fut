-- A lambda body refers to a misspelled parameter.
-- ==
-- error: Unknown name "elem"
def incr [n] (xs: [n]i32) = map (\elm -> elem + 1) xs
