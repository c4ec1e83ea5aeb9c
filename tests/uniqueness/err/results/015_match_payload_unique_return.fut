-- A payload of a non-unique parameter returned as unique.
-- ==
-- error: Unique-typed return value is aliased to "o", which is not consumable

type~ opt = #some ([]i32) | #none

def main (o: opt) : *[]i32 =
  match o
  case #some xs -> xs
  case #none -> []
