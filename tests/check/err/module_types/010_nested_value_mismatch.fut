-- A value of a nested module is reported with its qualified name.
-- ==
-- error: val inner.count : i64
module type outer = {
  module inner: { val count : i64 }
}
module o : outer = {
  module inner = { def count : f32 = 1 }
}
