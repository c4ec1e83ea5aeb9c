-- The two branches return an integer and a boolean.
-- ==
-- error: Branches of if-expression differ in type
def f (c: bool) = if c then 1i32 else false
