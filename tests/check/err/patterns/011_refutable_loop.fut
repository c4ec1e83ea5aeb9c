-- A loop parameter pattern contains a literal.
-- ==
-- error: Refutable pattern not allowed here
def f (n: i32) = loop (x, 0) = (1i32, 0i32) for i < n do (x * 2, 0)
