-- Inside a module, an if-expression returns prelude functions.
-- ==
-- error: may not be of function type
module m = {
  def trig (b: bool) = if b then f32.sin else f32.cos
}
