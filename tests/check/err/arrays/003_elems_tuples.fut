-- An array literal holds tuples of different arities.
-- ==
-- error: Array elements must all have the same type
def xs = [(1i32, 2i32), (3i32, 4i32, 5i32)]
