-- Updating a slice's alias consumes the non-unique parameter it came from.
-- ==
-- error: Consuming variable "xs", which is not consumable

def main (xs: []i32) : []i32 =
  let ys = xs[1:]
  in ys with [0] = 0
