-- A loop parameter is declared bool but initialised with an integer.
-- ==
-- error: cannot match value of type
def f (n: i32) = loop (acc: bool) = 0i32 for i < n do acc
