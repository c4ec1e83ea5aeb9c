-- A loop's tuple pattern binds the same name twice.
-- ==
-- error: Name "s" also bound
def f (n: i32) = loop (s, s) = (0i32, 0i32) for i < n do (s, s)
