-- The value of a `match` aliases what any case aliases.
-- ==
-- error: Using variable "xs", but this was consumed

def main (k: i32) (xs: *[]i32) : i32 =
  let ys = match k
           case 0 -> xs
           case _ -> [1, 2, 3]
  let ys[0] = 9
  in xs[0]
