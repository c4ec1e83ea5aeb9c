-- Local function definitions.
def sum_squares (xs: []i32) =
  let sq x = x * x
  let add a b = a + b
  in reduce add 0 (map sq xs)
def with_types (x: f32) =
  let scale (k: f32) (v: f32) : f32 = k * v
  in scale 2 x
