-- A loop's tuple pattern is given a scalar initial value.
-- ==
-- error: Pattern does not match the type of the value
def f (n: i64) = loop (a, b) = 0i64 for i < n do (a + i, b)
