-- Attributes and assertions pass aliases through.
-- ==

def main (xs: *[]i32) : []i32 =
  let ys = #[unsafe] (assert (length xs > 0) xs)
  in ys with [0] = 1
