-- Specifications of operators, with and without parentheses.
module type ring = {
  type r
  val (+) : r -> r -> r
  val (*) : r -> r -> r
  val (-): r -> r -> r
  val <+> : r -> r -> r
  val (==>) 'a : a -> r -> r
}
