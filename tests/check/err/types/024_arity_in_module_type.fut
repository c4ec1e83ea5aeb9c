-- A module type's parametric type member is used, in the module type,
-- without its argument.
-- ==
-- error: Type "bag" takes 1 arguments, but is given 0
module type bags = {
  type bag 't
  val empty : bag
}
