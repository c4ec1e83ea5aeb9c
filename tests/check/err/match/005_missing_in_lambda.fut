-- A match inside a lambda forgets the #west direction.
-- ==
-- error: Unmatched case: #west
type dir = #north | #east | #south | #west
def f [n] (ds: [n]dir) : [n]i32 =
  map (\(d: dir) -> match d
                    case #north -> 0
                    case #east -> 1
                    case #south -> 2) ds
