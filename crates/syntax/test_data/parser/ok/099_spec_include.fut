-- Including one module type into another.
module type base = {
  type t
  val make : i32 -> t
}
module type extended = {
  include base
  val show : t -> []u8
}
module type refined = {
  include base with t = i64
}
