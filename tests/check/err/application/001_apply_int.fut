-- An integer is applied to an argument.
-- ==
-- error: not a function
def f (x: i32) = x 1
