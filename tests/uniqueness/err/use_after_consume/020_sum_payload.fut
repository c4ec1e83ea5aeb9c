-- A constructor's payload aliases the value of the sum type.
-- ==
-- error: Using variable "xs", but this was consumed

type~ opt = #some ([]i32) | #none

def main (xs: *[]i32) : i32 =
  let o : opt = #some xs
  let xs[0] = 1
  in match o
     case #some ys -> ys[0]
     case #none -> 0
