-- Exhaustive matching on a pair of booleans.
-- ==
def xor (a: bool) (b: bool) =
  match (a, b)
  case (true, false) -> true
  case (false, true) -> true
  case _ -> false
