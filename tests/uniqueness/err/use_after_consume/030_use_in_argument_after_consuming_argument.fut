-- Arguments of an operator are evaluated left to right.
-- ==
-- error: Using variable "xs", but this was consumed

def consume (xs: *[]i32) : i32 = xs[0]

def main (xs: *[]i32) : i32 =
  consume xs * xs[0]
