-- The condition of an assertion is an integer.
-- ==
-- error: Expected: bool
def f (x: i32) = assert x (x + 1)
