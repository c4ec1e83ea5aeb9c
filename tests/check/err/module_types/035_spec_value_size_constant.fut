-- A size naming a value of the module type is the module's definition of
-- that value: an array of four elements does not have size n, even where
-- n is four.
-- ==
-- error: Sizes "n" and "4" do not match
module type counted = {
  val n : i64
  val xs : [n]i64
}
module four : counted = {
  def n = 4i64
  def xs : [4]i64 = iota 4
}
