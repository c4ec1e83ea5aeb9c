-- Doc comments and attributes on specifications.
module type documented = {
  -- | The element type.
  type elem

  -- | Combines two elements.
  --
  -- Must be associative.
  val op : elem -> elem -> elem

  #[inline]
  val neutral : elem

  -- | Both a doc comment and an attribute.
  #[since(2)]
  val extra : elem -> bool
}
