-- A for-in loop iterates over a scalar.
-- ==
-- error: A for-in loop must iterate over an array
def f (n: i64) = loop acc = 0i64 for x in n do acc + x
