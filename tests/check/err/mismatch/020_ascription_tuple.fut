-- A tuple is ascribed with its component types swapped.
-- ==
-- error: Expression does not have expected type
def p = ((1i32, true) : (bool, i32))
