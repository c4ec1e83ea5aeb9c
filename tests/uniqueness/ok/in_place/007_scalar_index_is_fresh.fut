-- A scalar read from an array aliases nothing.
-- ==

def main (xs: *[]i32) : (i32, []i32) =
  let x = xs[0]
  let xs[0] = 5
  in (x, xs)
