-- Negative numeric literals as patterns.
-- ==
def sign_name (x: i64) : i64 =
  match x
  case -1 -> 100
  case 0 -> 200
  case _ -> 300
