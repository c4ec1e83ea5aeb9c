-- A local function's result aliases its argument if not unique.
-- ==
-- error: Using variable "xs", but this was consumed

def main (xs: *[]i32) : i32 =
  let tail (v: []i32) = v[1:]
  let t = tail xs
  let xs[0] = 1
  in t[0]
