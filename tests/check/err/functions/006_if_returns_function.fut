-- An if-expression chooses between two functions.
-- ==
-- error: may not be of function type
def pick (b: bool) = if b then (\(x: i32) -> x + 1) else (\(x: i32) -> x - 1)
