-- A numeric literal is compared with a tuple.
-- ==
-- error: The type must be one of
def f (p: (i32, i32)) = p == 0
