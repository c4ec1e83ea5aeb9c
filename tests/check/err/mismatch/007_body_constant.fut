-- A constant's declared type does not match its definition.
-- ==
-- error: Expected: i64
def n : i64 = 2.5
