-- Matching integer literals with a final wildcard.
-- ==
def name (x: i32) =
  match x
  case 0 -> 'z'
  case 1 -> 'o'
  case _ -> '?'
