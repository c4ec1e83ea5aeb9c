-- Arrays of different element types are concatenated.
-- ==
-- error: Argument does not have expected type
def r = [1i32, 2] ++ [true]
