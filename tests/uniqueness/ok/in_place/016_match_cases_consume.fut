-- Each case of a `match` may consume.
-- ==

def main (k: i32) (xs: *[]i32) : []i32 =
  match k
  case 0 -> xs with [0] = 0
  case 1 -> xs with [1] = 1
  case _ -> xs
