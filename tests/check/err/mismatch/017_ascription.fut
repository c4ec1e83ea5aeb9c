-- A type ascription disagrees with the expression's type.
-- ==
-- error: Expression does not have expected type
def r = (true : i32)
