-- A result not declared is unique when it aliases no observed parameter.
-- ==

def inc (xs: []i32) = map (+ 1) xs

def main (xs: []i32) : []i32 =
  let ys = inc xs
  in ys with [0] = 0
