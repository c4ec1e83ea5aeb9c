-- A component of a tuple pattern has a declared type that does not match.
-- ==
-- error: cannot match value of type
def r = let (a: i32, b: bool) = (1i32, 2i32) in a
