-- An integer literal is used where a bool is required.
-- ==
-- error: The type must be one of
def b : bool = 1
