-- A closure over a scalar read from an array does not alias the array.
-- ==

def main (xs: *[]i32) : []i32 =
  let x = xs[0]
  let add (y: i32) = x + y
  let xs[0] = 0
  in map add xs
