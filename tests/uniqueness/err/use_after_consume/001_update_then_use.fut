-- An array updated in place may not be used afterwards.
-- ==
-- error: Using variable "xs", but this was consumed
-- related: consumed here

def main (xs: *[]i32) : i32 =
  let ys = xs with [0] = 1
  in xs[0] + ys[0]
