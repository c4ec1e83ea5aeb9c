-- `++` returns a fresh array.
-- ==

def main (xs: []i32) (ys: []i32) : []i32 =
  let zs = xs ++ ys
  in zs with [0] = 0
