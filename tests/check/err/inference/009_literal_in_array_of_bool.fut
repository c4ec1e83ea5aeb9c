-- An integer literal appears in an array of booleans.
-- ==
-- error: The type must be one of
def bs : [2]bool = [true, 0]
