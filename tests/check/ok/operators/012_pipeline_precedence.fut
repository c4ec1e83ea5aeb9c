-- |> binds more loosely than || so the left operand is a boolean.
-- ==
def r (a: bool) (b: bool) = a || b |> (\x -> if x then 1i32 else 0)
