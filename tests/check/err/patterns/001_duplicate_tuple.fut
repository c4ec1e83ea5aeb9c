-- A tuple pattern binds the same variable twice.
-- ==
-- error: Name "x" also bound
def f (p: (i32, i32)) = let (x, x) = p in x
