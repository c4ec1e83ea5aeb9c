-- The loop body returns a bool while the accumulator is an integer.
-- ==
-- error: Loop body does not have expected type
def f (n: i64) = loop acc = 0i64 for i < n do acc > i
