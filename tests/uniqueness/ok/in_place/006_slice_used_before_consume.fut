-- A slice may be used before its array is consumed.
-- ==

def main (xs: *[]i32) : (i32, []i32) =
  let front = xs[0:2]
  let s = front[0] + front[1]
  in (s, xs with [0] = s)
