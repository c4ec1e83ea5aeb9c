-- A case pattern gives one payload to a constructor that carries two.
-- ==
-- error: Pattern does not match the type of the value
def f (s: #rect f32 f32 | #dot) : f32 =
  match s
  case #rect w -> w
  case #dot -> 0
