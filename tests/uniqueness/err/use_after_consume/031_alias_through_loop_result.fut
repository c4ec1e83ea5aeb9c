-- A loop's result may alias its non-consumed initial value.
-- ==
-- error: Using variable "xs", but this was consumed

def main (n: i64) (xs: *[]i32) : i32 =
  let ys = loop acc = xs for _i < n do acc
  let xs[0] = 2
  in ys[0]
