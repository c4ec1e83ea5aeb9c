-- A module function projects a field absent from its parameter type.
-- ==
-- error: has no field "w"
module geo = {
  type pt = {x: f64, y: f64}
  def third (p: pt) = p.w
}
