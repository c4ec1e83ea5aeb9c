-- The short-circuiting operators are built in for good.
-- ==
-- error: The && operator may not be redefined
def (&&) (a: i32) (b: i32) = a * b
