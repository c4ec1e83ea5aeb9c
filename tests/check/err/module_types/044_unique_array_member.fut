-- A specification's `*` on a type member that the module defines as an
-- array asks for a unique result.
-- ==
-- error: The uniqueness of the types does not match

module type handles = {
  type handle
  val fresh : i64 -> *handle
}

module array_handles : handles = {
  type handle = [2]i64
  def fresh (i: i64) : handle = [i, i]
}
