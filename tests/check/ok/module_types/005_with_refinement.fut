-- Refining an abstract type with `with`.
-- ==
module type box = {
  type t
  val wrap : i32 -> t
}
module b : box with t = i32 = {
  type t = i32
  def wrap (x: i32) = x * 2
}
def r : i32 = b.wrap 3 + 1
