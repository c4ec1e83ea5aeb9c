-- A refinement of a nested module's type is seen through the ascribed
-- module.
-- ==
module type has_elem = { type elem }
module type outer = { module inner: has_elem }

module o : outer with inner.elem = u16 = { module inner = { type elem = u16 } }

def e : o.inner.elem = 7
