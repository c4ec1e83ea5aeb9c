-- A unique loop parameter consumes its initial value, here a non-unique parameter.
-- ==
-- error: Consuming variable "xs", which is not consumable

def main (xs: []i32) : []i32 =
  loop (acc: *[]i32) = xs for i < 3 do acc
