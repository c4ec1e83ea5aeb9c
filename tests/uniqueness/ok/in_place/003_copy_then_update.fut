-- `copy` gives a fresh array that may be updated.
-- ==

def main (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs with [0] = 7
  in (xs, ys)
