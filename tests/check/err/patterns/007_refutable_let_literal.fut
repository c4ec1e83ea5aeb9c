-- A let binding uses a literal pattern, which may fail to match.
-- ==
-- error: Refutable pattern not allowed here
def f (x: i32) = let 0 = x in x
