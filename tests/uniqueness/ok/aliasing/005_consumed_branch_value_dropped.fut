-- A branch's aliases it consumed do not survive the `if`.
-- ==

def main (b: bool) (xs: *[]i32) : []i32 =
  let ys = if b then xs with [0] = 1 else copy xs
  in ys with [1] = 2
