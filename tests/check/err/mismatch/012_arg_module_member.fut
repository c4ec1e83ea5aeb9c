-- A module function is applied to a value of the wrong type.
-- ==
-- error: Cannot apply "m\.twice" to "1\.5f32" \(invalid type\)
module m = {
  def twice (x: i64) = x * 2
}
def r = m.twice 1.5f32
