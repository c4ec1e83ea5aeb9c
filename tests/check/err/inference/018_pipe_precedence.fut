-- Because |> binds looser than ||, the pipeline's left operand is a bool, not an i32.
-- ==
-- error: Cannot apply "\|>" to "inc" \(invalid type\)
def inc (x: i32) = x + 1
def r (a: bool) (n: i32) = a || true |> inc
