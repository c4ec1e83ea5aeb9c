-- A module type specification mentions an undeclared type.
-- ==
-- error: Unknown type "elem"
module type s = {
  type t
  val get : t -> elem
}
