-- Float literals as patterns.
-- ==
def safe_recip (x: f64) =
  match x
  case 0.0 -> 0.0
  case y -> 1 / y
