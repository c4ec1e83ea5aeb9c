-- Sizes that are arithmetic expressions over size parameters.
-- ==
def snoc [n] (xs: [n]i32) (x: i32) : [n + 1]i32 = xs ++ [x]
def double [n] (xs: [n]i32) : [n + n]i32 = xs ++ xs
