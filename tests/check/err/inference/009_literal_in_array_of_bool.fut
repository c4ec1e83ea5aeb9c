-- An integer literal appears in an array of booleans.
-- ==
-- error: Cannot instantiate type that must be one of
def bs : [2]bool = [true, 0]
