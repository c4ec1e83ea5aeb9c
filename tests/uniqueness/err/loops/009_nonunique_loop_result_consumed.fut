-- The result of a loop not consuming its parameter may alias the initial
-- value, here a non-unique parameter.
-- ==
-- error: Consuming variable "s", which is not consumable

def id2 (xs: []i32) : []i32 = xs

def main (s: []i32) : []i32 =
  let r = loop s for _i < 3 do id2 s
  in r with [0] = 0
