-- Addition is applied to booleans.
-- ==
-- error: The type must be one of
def f (a: bool) (b: bool) = a + b
