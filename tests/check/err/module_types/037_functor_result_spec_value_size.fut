-- A parametric module's result module type names, through an included
-- module type, a value whose definition the body's array sizes must name.
-- ==
-- error: Sizes "n" and "n \+ 1" do not match
module type has_n = { val n : i64 }
module type counted = {
  include has_n
  val xs : [n]i64
}
module one_more (P: { val base : i64 }) : counted = {
  def n = P.base
  def xs = iota (n + 1)
}
