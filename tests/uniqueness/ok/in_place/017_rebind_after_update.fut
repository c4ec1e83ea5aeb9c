-- The updated array is a new variable that may be used and updated again.
-- ==

def main (xs: *[]i32) : i32 =
  let ys = xs with [0] = 1
  let zs = ys with [1] = 2
  in zs[0] + zs[1]
