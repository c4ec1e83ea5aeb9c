-- A shift has an i64 left operand and an i32 right operand.
-- ==
-- error: Expected: i64
def f (x: i64) (n: i32) = x << n
