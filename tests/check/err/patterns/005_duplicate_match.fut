-- A match case binds the same name in both payloads.
-- ==
-- error: Name "z" also bound
def f (s: #p i32 i32 | #q) =
  match s
  case #p z z -> z
  case #q -> 0
