-- The size of an array may be used after it is replaced.
-- ==

def main [n] (xs: *[n]i32) : i64 =
  let ys = xs with [0] = 1
  in n + length ys
