-- Numeric negation is applied to a boolean.
-- ==
-- error: The type must be one of
def f (b: bool) = -b
