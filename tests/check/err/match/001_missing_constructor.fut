-- A match omits one constructor of a three-constructor sum.
-- ==
-- error: Unmatched case: #c
def f (x: #a | #b | #c) : i32 =
  match x
  case #a -> 1
  case #b -> 2
