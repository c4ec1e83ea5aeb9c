-- A match on integers lists literals but no catch-all case.
-- ==
-- error: Unmatched cases in match expression
def f (x: i32) : i32 =
  match x
  case 0 -> 10
  case 1 -> 20
