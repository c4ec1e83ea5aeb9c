-- A name bound from a tuple component aliases that component's source.
-- ==
-- error: Using variable "ys", but this was consumed

def main (xs: []i32) (ys: *[]i32) : i32 =
  let (a, b) = (xs, ys)
  let ys[0] = 1
  in a[0] + b[0]
