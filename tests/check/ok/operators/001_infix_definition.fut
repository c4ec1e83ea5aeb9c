-- Defining an infix operator with infix syntax.
-- ==
def (a: i32, b: i32) +^ (c: i32, d: i32) = (a + c, b + d)
def r = (1, 2) +^ (3, 4) +^ (5, 6)
