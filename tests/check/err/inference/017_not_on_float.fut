-- Logical not is applied to a float.
-- ==
-- error: The type must be one of
def f (x: f64) = !x
