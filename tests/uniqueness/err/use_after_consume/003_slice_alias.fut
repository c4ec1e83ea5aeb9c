-- A slice aliases its array: consuming the array consumes the slice.
-- ==
-- error: Using variable "xs", but this was consumed

def main (xs: *[]i32) : []i32 =
  let front = xs[0:2]
  let xs[3] = 0
  in front
