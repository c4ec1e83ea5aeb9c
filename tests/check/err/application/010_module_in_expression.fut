-- A nested module is used as an operand of an arithmetic operator.
-- ==
-- error: "inner" is a module, not a value
module outer = {
  module inner = { def v = 2i64 }
  def w = inner + 1
}
