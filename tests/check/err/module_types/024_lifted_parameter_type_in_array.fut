-- Inside a parametric module, a size-lifted abstract type of its
-- parameter cannot become the element type of an array.
-- ==
-- error: Type "Src\.chunk" is lifted and cannot be an array element

module collect (Src: {type~ chunk val next : i64 -> chunk}) = {
  def first_few (k: i64) = map Src.next (iota k)
}
