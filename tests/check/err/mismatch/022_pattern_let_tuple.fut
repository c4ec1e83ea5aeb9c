-- A tuple pattern is bound to a scalar value.
-- ==
-- error: Pattern does not match the type of the value
def f (x: i32) = let (a, b) = x in a + b
