-- Uses before the consumption are fine.
-- ==

def main (xs: *[]i32) : (i32, []i32) =
  let first = xs[0]
  let total = reduce (+) 0 xs
  let xs[0] = total
  in (first, xs)
