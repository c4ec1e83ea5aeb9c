-- An argument for a unique parameter is consumed.
-- ==
-- error: Using variable "xs", but this was consumed

def zero (xs: *[]i32) : []i32 = xs with [0] = 0

def main (xs: *[]i32) : i32 =
  let ys = zero xs
  in ys[0] + xs[1]
