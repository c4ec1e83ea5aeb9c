-- In-place update bindings: let a[i] = v.
def set_first (xs: *[]i32) =
  let xs[0] = 42
  in xs
def bump (xs: *[]f32) (i: i64) =
  let xs[i] = xs[i] + 1
  let xs[i + 1] = 0
  in xs
def set_slice (xs: *[]i32) = let xs[0:2] = [7, 8] in xs
