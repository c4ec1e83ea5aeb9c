-- A definition inside a module uses an undefined name.
-- ==
-- error: Unknown name "scale"
module m = {
  def f (x: f32) = x * scale
}
