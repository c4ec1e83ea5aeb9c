-- An integer is applied to an argument.
-- ==
-- error: Cannot apply "x" as function, as it has non-function type
def f (x: i32) = x 1
