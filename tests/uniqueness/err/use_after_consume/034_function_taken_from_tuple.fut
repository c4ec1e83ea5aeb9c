-- A consuming function keeps consuming when taken out of a tuple.
-- ==
-- error: Using variable "xs", but this was consumed
-- related: consumed here

def consume (xs: *[]i32) : i32 = xs[0]

def main (xs: *[]i32) : i32 =
  let (use, offset) = (consume, 1i32)
  let a = use xs
  in a + offset + xs[0]
