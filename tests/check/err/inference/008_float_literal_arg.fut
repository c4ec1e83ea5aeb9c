-- A decimal literal is passed where an i64 is expected.
-- ==
-- error: Cannot instantiate type that must be one of
def twice (x: i64) = x * 2
def r = twice 1.5
