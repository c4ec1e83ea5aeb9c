-- Size parameters in square brackets.
def length_of [n] (xs: [n]i32) : i64 = n
def zip_same [n] (xs: [n]f32) (ys: [n]f32) : [n](f32, f32) = zip xs ys
def outer [n] [m] (a: [n]f32) (b: [m]f32) : [n][m]f32 =
  map (\x -> map (* x) b) a
def rows [r][c] (m: [r][c]i32) = r + c
