-- A decimal literal is given an integer type.
-- ==
-- error: The type must be one of
def x : i32 = 2.5
