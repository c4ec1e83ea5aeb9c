-- The logical and operator is applied to integers.
-- ==
-- error: Expected: bool
def f (a: i32) (b: i32) = a && b
