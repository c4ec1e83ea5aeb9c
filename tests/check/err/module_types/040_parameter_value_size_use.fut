-- In a parametric module, a value of the parameter whose specified size
-- names another of its values has that value's size, not any size.
-- ==
-- error: Sizes "C\.n" and "3" do not match
module type counted = {
  val n : i64
  val f : [n]i64 -> [n]i64
}
module apply_three (C: counted) = {
  def ys = C.f (iota 3)
}
