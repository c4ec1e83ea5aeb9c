-- Because |> binds looser than ||, the pipeline's left operand is a bool, not an i32.
-- ==
-- error: Argument does not have expected type
def inc (x: i32) = x + 1
def r (a: bool) (n: i32) = a || true |> inc
