-- An abstract type defined with an unknown size may appear in the
-- specified types of functions.
-- ==
module type path = {
  type~ points
  val start : i64 -> points
  val count : points -> i64
}

module p : path = {
  type~ points = [](f32, f32)
  def start (n: i64) = replicate n (0f32, 0f32)
  def count (ps: points) = length ps
}
