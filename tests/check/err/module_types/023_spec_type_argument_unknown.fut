-- The argument of a parametric type spec used in another spec must name
-- a type in scope, even though the spec's meaning does not depend on it.
-- ==
-- error: Unknown type "elem"
module type container = {
  type bag 't
  val empty : bag elem
}
