-- An array used before a loop that consumes it.
-- ==

def main (xs: *[]i32) : (i32, []i32) =
  let s = reduce (+) 0 xs
  let ys = loop xs for i < 3 do xs with [i] = s
  in (s, ys)
