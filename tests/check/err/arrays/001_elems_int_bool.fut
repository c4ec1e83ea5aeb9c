-- An array literal mixes integers and booleans.
-- ==
-- error: Array elements must all have the same type
def xs = [1i32, true, 3i32]
