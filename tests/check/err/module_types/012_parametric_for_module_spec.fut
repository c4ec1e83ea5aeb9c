-- A parametric module does not implement a plain module specification.
-- ==
-- error: Cannot match parametric module with non-parametric module type
module type holder = {
  module held: { val v : i32 }
}
module h : holder = {
  module held (P: { val w : i32 }) = { def v = P.w }
}
