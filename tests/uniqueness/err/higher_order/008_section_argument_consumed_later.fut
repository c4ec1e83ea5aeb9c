-- An operator section aliases its operand.
-- ==
-- error: Using variable "xs", but this was consumed

def main (xs: *[]i32) : []i32 =
  let append_xs = (++ xs)
  let xs[0] = 0
  in append_xs [1, 2]
