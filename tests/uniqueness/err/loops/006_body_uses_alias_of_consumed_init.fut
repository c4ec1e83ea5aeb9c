-- Nor an alias of it.
-- ==
-- error: Loop body uses variable "view"

def main (n: i64) (xs: *[][]i32) : [][]i32 =
  let view = transpose xs
  in loop xs for i < n do
       xs with [i, 0] = view[0, i]
