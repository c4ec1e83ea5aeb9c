-- A component of a let-bound tuple pattern is a literal.
-- ==
-- error: Refutable pattern not allowed here
def f (p: (i32, i32)) = let (1, y) = p in y
