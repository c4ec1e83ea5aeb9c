-- The payload of a unique sum-typed parameter may be consumed.
-- ==

type^ box = #full (*[]i32) | #empty

def main (b: *box) : []i32 =
  match b
  case #full xs -> xs with [0] = 1
  case #empty -> []
