-- A fully lifted abstract type may be implemented by a function type.
-- ==
module type action = {
  type^ f
  val run : f -> i32 -> i32
}
module a : action = {
  type^ f = i32 -> i32
  def run (g: f) (x: i32) = g x
}
