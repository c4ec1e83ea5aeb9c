-- A local function referring to enclosing parameters.
-- ==
def affine [n] (a: f32) (b: f32) (xs: [n]f32) =
  let f x = a * x + b
  in map f xs
