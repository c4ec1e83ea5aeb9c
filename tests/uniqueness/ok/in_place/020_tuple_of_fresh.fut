-- Components of a tuple of fresh arrays are consumed separately.
-- ==

def main (xs: []i32) : ([]i32, []i32) =
  let (a, b) = (copy xs, copy xs)
  let a[0] = 1
  let b[0] = 2
  in (a, b)
