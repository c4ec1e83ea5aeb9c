-- Applying a functor to an anonymous module.
module type shape_sig = { val sides : i32 }
module describe (S: shape_sig) = {
  def angles = S.sides
  def is_triangle = S.sides == 3
}
module triangle = describe { def sides = 3i32 }
module square = describe {
  def sides = 4i32
  def unused = true
}
