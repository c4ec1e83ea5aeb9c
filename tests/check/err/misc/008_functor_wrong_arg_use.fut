-- A functor body applies a parameter function to the wrong type.
-- ==
-- error: Cannot apply "O\.f" to "true" \(invalid type\)
module type op = { val f : i32 -> i32 }
module use (O: op) = {
  def r = O.f true
}
