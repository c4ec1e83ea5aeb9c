-- A function's non-unique result may alias its arguments.
-- ==
-- error: Using variable "xs", but this was consumed

def first_half (xs: []i32) : []i32 = xs[0:length xs / 2]

def main (xs: *[]i32) : i32 =
  let h = first_half xs
  let xs[0] = 1
  in h[0]
