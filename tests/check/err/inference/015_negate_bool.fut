-- Numeric negation is applied to a boolean.
-- ==
-- error: Cannot instantiate type that must be one of
def f (b: bool) = -b
