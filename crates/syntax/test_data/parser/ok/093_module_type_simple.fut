-- A module type with a few value specifications.
module type numeric_ops = {
  type num
  val add : num -> num -> num
  val zero : num
  val from_i64 : i64 -> num
}
module type empty_sig = {}
