-- A while-loop condition is a tuple.
-- ==
-- error: The condition of a while-loop must be a bool
def f (x: i32) = loop (a, b) = (x, true) while (a, b) do (a - 1, a > 0)
