-- A for-loop bound is a boolean.
-- ==
-- error: The bound of a for-loop must be an integer
def f (b: bool) = loop acc = 0i32 for i < b do acc
