-- The body refers to a variable that was never defined.
-- ==
-- error: Unknown name "y"
def f (x: i32) = x + y
