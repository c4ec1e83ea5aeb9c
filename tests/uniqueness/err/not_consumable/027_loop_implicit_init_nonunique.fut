-- A loop without an initial value consumes the variable it is named after.
-- ==
-- error: Consuming variable "xs", which is not consumable

def main (xs: []i32) : []i32 =
  loop xs for i < 2 do xs with [i] = 0
