-- A while-loop condition is an integer expression.
-- ==
-- error: The condition of a while-loop must be a bool
def f (x: i32) = loop y = x while y do y - 1
