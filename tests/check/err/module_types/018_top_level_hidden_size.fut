-- A value whose specified type is an abstract type that the module
-- defines with an unknown size would have a size nothing determines.
-- ==
-- error: Type substitution in "origin" results in a top-level size
module type path = {
  type~ points
  val origin : (points, i32)
}

module p : path = {
  type~ points = [](f32, f32)
  def origin = ([(0f32, 0f32)], 0i32)
}
