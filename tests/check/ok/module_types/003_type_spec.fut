-- A type abbreviation specified in a module type is transparent.
-- ==
module type pt = {
  type t = (f32, f32)
  val norm : t -> f32
}
module p : pt = {
  type t = (f32, f32)
  def norm ((x, y): t) = f32.sqrt (x * x + y * y)
}
def r = p.norm (3, 4)
