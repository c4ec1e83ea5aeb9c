-- A function polymorphic in a lifted type parameter implements one
-- specified with a lifted or a plain type parameter.
-- ==
module m : { val keep '^f : f -> f  val same 'a : a -> a } = {
  def keep '^g (x: g) = x
  def same '^h (x: h) = x
}
