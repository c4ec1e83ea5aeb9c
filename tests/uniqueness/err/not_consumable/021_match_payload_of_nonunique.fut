-- A payload of a non-unique parameter is not unique.
-- ==
-- error: Consuming variable "o", which is not consumable

type~ opt = #some ([]i32) | #none

def main (o: opt) : []i32 =
  match o
  case #some xs -> xs with [0] = 0
  case #none -> []
