-- Matching every constructor of a sum type.
-- ==
type dir = #north | #east | #south | #west
def turn (d: dir) : dir =
  match d
  case #north -> #east
  case #east -> #south
  case #south -> #west
  case #west -> #north
