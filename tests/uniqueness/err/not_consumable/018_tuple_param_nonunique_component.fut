-- Only the unique component of a tuple parameter may be consumed.
-- ==
-- error: Consuming variable "t", which is not consumable

def main (t: ([]i32, *[]i32)) : []i32 =
  let (a, b) = t
  in a with [0] = 1
