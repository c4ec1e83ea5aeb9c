-- Tuple components alias separately: consuming one leaves the other usable.
-- ==

def main (xs: *[]i32) (ys: []i32) : ([]i32, i32) =
  let (a, b) = (xs, ys)
  let a[0] = 1
  in (a, b[0])
