-- Even the size of a consumed array may not be asked for through it.
-- ==
-- error: Using variable "xs", but this was consumed

def main (xs: *[]i32) : i64 =
  let ys = xs with [0] = 1
  in length xs + length ys
