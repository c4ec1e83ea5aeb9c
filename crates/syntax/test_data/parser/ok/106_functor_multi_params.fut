-- A functor taking several module parameters.
module type key = { type k val hash : k -> u32 }
module type val_ty = { type v val default : v }
module table (K: key) (V: val_ty) = {
  type bucket = (K.k, V.v)
  def slot (x: K.k) (size: i64) : i64 = i64.u32 (K.hash x) % size
  def blank : V.v = V.default
}
