-- A parametric module's body must match its result module type, even if
-- it is never applied.
-- ==
-- error: Module does not define a value named "scaled"
module scale (S: { val factor : f64 }) : { val scaled : f64 -> f64 } = {
  def scale (x: f64) = x * S.factor
}
