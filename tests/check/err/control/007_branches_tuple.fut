-- The branches return tuples of different shapes.
-- ==
-- error: Branches of if-expression differ in type
def f (c: bool) = if c then (1i32, 2i32) else (1i32, 2i32, 3i32)
