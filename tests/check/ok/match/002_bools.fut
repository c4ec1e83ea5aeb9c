-- Exhaustive matching on both boolean values.
-- ==
def to_int (b: bool) : i32 =
  match b
  case true -> 1
  case false -> 0
