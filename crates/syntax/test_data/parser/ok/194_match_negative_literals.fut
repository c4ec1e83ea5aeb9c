-- Negative literals in patterns.
def sign_name (n: i32) =
  match n
  case -1 -> 'n'
  case 0 -> 'z'
  case 1 -> 'p'
  case _ -> '?'
def neg_float (x: f64) = match x case -0.5 -> 1 case -2.5e1 -> 2 case _ -> 0
def neg_suffix (x: i8) = match x case -128i8 -> true case _ -> false
