-- A match returning a record with a function field.
-- ==
-- error: Match-expression returns type(.|\n)*match-results may not be of function type
def scaler (k: #double | #halve) =
  match k
  case #double -> {f = \(x: f64) -> x * 2, name = 0u8}
  case #halve -> {f = \(x: f64) -> x / 2, name = 1u8}
