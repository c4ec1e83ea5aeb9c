-- A numeric literal is compared with a tuple.
-- ==
-- error: Cannot instantiate type that must be one of
def f (p: (i32, i32)) = p == 0
