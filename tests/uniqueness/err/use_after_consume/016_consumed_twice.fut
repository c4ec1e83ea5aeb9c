-- An array may be consumed only once.
-- ==
-- error: Using variable "xs", but this was consumed

def consume (xs: *[]i32) : i32 = xs[0]

def main (xs: *[]i32) : i32 =
  let a = consume xs
  let b = consume xs
  in a + b
