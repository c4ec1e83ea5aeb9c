-- The operands of + have different integer types.
-- ==
-- error: Expected: i32
def f (a: i32) (b: i64) = a + b
