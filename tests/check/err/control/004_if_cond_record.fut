-- The condition is a record holding a boolean, not the boolean itself.
-- ==
-- error: Condition of if-expression must be a bool
def f (r: {ok: bool}) = if r then 1i32 else 2
