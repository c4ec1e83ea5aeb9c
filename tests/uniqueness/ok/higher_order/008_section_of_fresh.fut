-- A section over a scalar; the array is consumed afterwards.
-- ==

def main (xs: *[]i32) : []i32 =
  let add = (+ xs[0])
  let ys = map add xs
  in xs with [0] = ys[0]
