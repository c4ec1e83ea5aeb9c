-- A match on a pair of booleans misses the case (false, false).
-- ==
-- error: Unmatched cases in match expression
def f (a: bool) (b: bool) : i32 =
  match (a, b)
  case (true, _) -> 1
  case (false, true) -> 2
