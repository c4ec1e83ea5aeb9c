-- A value whose size nobody knows does not have the size that a value of
-- the module type names.
-- ==
-- error: Sizes "n" and "\?" do not match
module type counted = {
  val n : i64
  val xs : [n]i64
}
module evens : counted = {
  def n = 5i64
  def xs : []i64 = filter (\x -> x % 2 == 0) (iota 10)
}
