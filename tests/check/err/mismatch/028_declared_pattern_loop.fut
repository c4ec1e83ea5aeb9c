-- A loop parameter is declared bool but initialised with an integer.
-- ==
-- error: Pattern does not have the declared type
def f (n: i32) = loop (acc: bool) = 0i32 for i < n do acc
