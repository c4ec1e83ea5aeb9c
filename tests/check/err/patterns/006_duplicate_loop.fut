-- A loop's tuple pattern binds the same name twice.
-- ==
-- error: Variable "s" is bound more than once in the same pattern
def f (n: i32) = loop (s, s) = (0i32, 0i32) for i < n do (s, s)
