-- Consumption in one branch counts after the `if`.
-- ==
-- error: Using variable "xs", but this was consumed

def zero (xs: *[]i32) : i32 = let xs[0] = 0 in xs[1]

def main (b: bool) (xs: *[]i32) : i32 =
  let r = if b then zero xs else 0
  in r + xs[0]
