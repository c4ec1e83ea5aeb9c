-- A lambda may consume its own unique parameter.
-- ==

def main (xs: []i32) : []i32 =
  (\(ys: *[]i32) -> ys with [0] = 1) (copy xs)
