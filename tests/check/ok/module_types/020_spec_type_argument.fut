-- A parametric type spec applied, within its module type, to types in
-- scope: a prim, a spec'd type and a tuple.
-- ==
module type container = {
  type elem
  type bag 't
  val empty : bag elem
  val pairs : bag (i32, elem)
  val count : bag f64 -> i64
}
