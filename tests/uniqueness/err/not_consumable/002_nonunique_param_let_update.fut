-- `let xs[i] = v` on a non-unique parameter.
-- ==
-- error: Consuming variable "xs", which is not consumable

def main (xs: []i32) (i: i64) : []i32 =
  let xs[i] = 0
  in xs
