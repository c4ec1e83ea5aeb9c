-- Inside a parametric module, a lifted abstract type of the parameter
-- may be a function, so it cannot stand for a size-lifted type
-- parameter.
-- ==
-- error: Type "P.action" is lifted and may be a functional type

module runner (P: {type^ action val make : i32 -> action}) = {
  def keep '~s (v: s) : s = v
  def made = keep (P.make 1)
}
