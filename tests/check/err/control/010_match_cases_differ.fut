-- Match cases return an integer and a float.
-- ==
-- error: Cases of match-expression differ in type
def f (x: i32) =
  match x
  case 0 -> 1i32
  case _ -> 2.0f32
