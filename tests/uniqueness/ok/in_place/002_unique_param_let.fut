-- `let xs[i] = v` on a unique parameter.
-- ==

def main (xs: *[]i32) (i: i64) : []i32 =
  let xs[i] = 1
  let xs[i + 1] = 2
  in xs
