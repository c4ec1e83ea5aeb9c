-- A specification's `*` on a type member that the module defines as a
-- primitive type says nothing: primitive values have no uniqueness.

module type handles = {
  type handle
  val fresh : i64 -> *handle
  val reuse : *handle -> handle
}

module int_handles : handles = {
  type handle = i64
  def fresh (i: i64) : handle = i
  def reuse (h: handle) : handle = h + 1
}
