-- A local function with tuple-pattern parameters.
-- ==
def add_complex (a: (f32, f32)) (b: (f32, f32)) =
  let add (x0, y0) (x1, y1) : (f32, f32) = (x0 + x1, y0 + y1)
  in add a b
