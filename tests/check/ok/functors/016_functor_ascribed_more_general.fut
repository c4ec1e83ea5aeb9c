-- A parametric module whose parameter asks for less than the module type's
-- parameter gives implements it, also as a module specification.
-- ==
module type base = { type elem val zero : elem }
module type maker = (B: base with elem = i32) -> { val start : i32 }

module general : maker = \(B: base) -> { def start = 0i32 }

module type holder = { module inner: maker }

module h : holder = {
  module inner (B: { type elem }) = { def start = 1i32 }
}

module used = h.inner { type elem = i32 def zero = 0i32 }

def s = used.start
