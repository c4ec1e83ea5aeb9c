-- A module function is applied to a value of the wrong type.
-- ==
-- error: Argument does not have expected type
module m = {
  def twice (x: i64) = x * 2
}
def r = m.twice 1.5f32
