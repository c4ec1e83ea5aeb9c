-- A match on a boolean covers only true.
-- ==
-- error: Unmatched cases in match expression
def f (b: bool) : i32 =
  match b
  case true -> 1
