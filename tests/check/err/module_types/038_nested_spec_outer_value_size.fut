-- A nested module specification may name a value of the enclosing module
-- type as a size; the nested module's values must have it.
-- ==
-- error: val inner.xs : \[n\]i64
module type outer = {
  val n : i64
  module inner : { val xs : [n]i64 }
}
module o : outer = {
  def n = 3i64
  module inner = { def xs = iota 2 }
}
