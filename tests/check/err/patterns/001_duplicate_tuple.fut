-- A tuple pattern binds the same variable twice.
-- ==
-- error: Variable "x" is bound more than once in the same pattern
def f (p: (i32, i32)) = let (x, x) = p in x
