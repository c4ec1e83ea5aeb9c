-- A case pattern is a boolean literal while the scrutinee is an integer.
-- ==
-- error: Pattern does not match the type of the value
def f (x: i32) : i32 =
  match x
  case true -> 1
  case _ -> 0
