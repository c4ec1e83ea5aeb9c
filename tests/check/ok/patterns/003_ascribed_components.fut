-- Type ascriptions on components of a tuple pattern.
-- ==
def r =
  let (x: i32, y: f32) = (1, 2)
  in f32.i32 x + y
