-- A type defined by a nested module specification must be the module's.
-- ==
-- error: type inner.elem = u8
module type outer = {
  module inner: { type elem = u8 }
}
module o : outer = {
  module inner = { type elem = i8 }
}
