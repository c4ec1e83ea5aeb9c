-- A module type's type member taking a size and a type is given two
-- types.
-- ==
-- error: Size argument expected for parameter "n", but got a type
module type vectors = {
  type vec [n] 't
  val zero : vec i64 f32
}
