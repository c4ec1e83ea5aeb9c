-- Branches of different sizes give an unknown size, not either one.
-- ==
-- error: unknown due to conditional expression
def pick (c: bool) (k: i64) : [k]i64 = if c then iota k else iota 3
