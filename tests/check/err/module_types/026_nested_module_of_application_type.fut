-- A module nested in an applied parametric module's result has the
-- argument's types, not others.
-- ==
-- error: Expected: f32

module type box = { type elem val get : elem }

module type outer = {
  type elem
  module inner: box with elem = elem
}

module wrap (B: box) : outer with elem = B.elem = {
  type elem = B.elem
  module inner = B
}

module w = wrap { type elem = u8 def get = 7u8 }

def wrong : f32 = w.inner.get
