-- A triple pattern is bound to a pair.
-- ==
-- error: Pattern does not match the type of the value
def f (p: (i32, i32)) = let (a, b, c) = p in a + b + c
