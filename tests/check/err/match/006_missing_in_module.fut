-- A module function's match does not cover #circle.
-- ==
-- error: Unmatched case: #circle
module shapes = {
  type t = #circle f32 | #square f32
  def side (s: t) : f32 = match s case #square x -> x
}
