-- Inside a module type, a parametric module specification is implemented
-- only by a parametric module at least as general in its parameter.
-- ==
-- error: type inner.elem = u8
module type base = { type elem }
module type maker = (B: base) -> { val size : i64 }

module type holder = { module inner: maker }

module h : holder = {
  module inner (B: base with elem = u8) = { def size = 1i64 }
}
