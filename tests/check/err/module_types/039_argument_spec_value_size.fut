-- An argument of a parametric module must give its values the sizes that
-- the parameter's module type names by its values.
-- ==
-- error: Sizes "n" and "3" do not match
module type counted = {
  val n : i64
  val xs : [n]i64
}
module first (C: counted) = {
  def head = C.n
}
module three = first {
  def n = 2i64
  def xs = iota 3
}
