-- A value specification with a size parameter.
-- ==
module type summer = {
  val sum [n] : [n]f32 -> f32
}
module s : summer = {
  def sum [n] (xs: [n]f32) = reduce (+) 0 xs
}
def r = s.sum [1, 2, 3]
