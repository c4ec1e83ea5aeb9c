-- A non-unique result aliases the non-unique parameter it was computed from.
-- ==
-- error: Consuming variable "xs", which is not consumable

def view (xs: []i32) : []i32 = xs

def main (xs: []i32) : []i32 =
  let ys = view xs
  in ys with [0] = 1
