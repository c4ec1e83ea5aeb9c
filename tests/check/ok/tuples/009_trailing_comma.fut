-- Trailing commas in tuple expressions and types.
-- ==
def t : (i32, bool,) = (1, false,)
def f ((x, y,): (i32, bool)) = if y then x else 0
