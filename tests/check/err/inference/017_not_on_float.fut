-- Logical not is applied to a float.
-- ==
-- error: Cannot instantiate type that must be one of
def f (x: f64) = !x
