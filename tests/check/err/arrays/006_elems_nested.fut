-- The rows of a nested array literal have different element types.
-- ==
-- error: Array elements must all have the same type
def m = [[1u8, 2u8], [true, false]]
