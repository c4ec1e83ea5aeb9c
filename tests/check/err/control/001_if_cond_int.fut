-- An if-condition is an integer rather than a boolean.
-- ==
-- error: Condition of if-expression must be a bool
def f (x: i32) = if x then 1 else 0
