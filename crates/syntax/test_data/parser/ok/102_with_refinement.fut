-- Refining abstract types in a module type with 'with'.
module type keyed = {
  type key
  type value
  val lookup : key -> value
}
module type int_keyed = keyed with key = i32
module type fully_fixed = keyed with key = i64 with value = f32
module direct : keyed with key = u8 with value = bool = {
  type key = u8
  type value = bool
  def lookup (k: key) : value = k > 10
}
