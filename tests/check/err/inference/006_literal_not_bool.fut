-- An integer literal is used where a bool is required.
-- ==
-- error: Cannot instantiate type that must be one of
def b : bool = 1
