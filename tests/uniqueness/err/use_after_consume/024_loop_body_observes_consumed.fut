-- A loop body may not use an array consumed before the loop.
-- ==
-- error: Using variable "xs", but this was consumed

def main (n: i64) (xs: *[]i32) : i32 =
  let ys = xs with [0] = 1
  in loop s = ys[0] for i < n do s + xs[i]
