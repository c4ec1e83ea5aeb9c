-- A decimal literal is given an integer type.
-- ==
-- error: Cannot instantiate type that must be one of
def x : i32 = 2.5
