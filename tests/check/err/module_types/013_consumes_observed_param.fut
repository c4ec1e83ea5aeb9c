-- A function consuming its argument does not implement one that observes it.
-- ==
-- error: The uniqueness of the types does not match
module m : { val clear : [3]i32 -> [3]i32 } = {
  def clear (xs: *[3]i32) = xs with [0] = 0
}
