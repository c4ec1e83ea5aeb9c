-- Addition is applied to booleans.
-- ==
-- error: Cannot instantiate type that must be one of
def f (a: bool) (b: bool) = a + b
