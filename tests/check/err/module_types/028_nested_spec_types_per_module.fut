-- Two modules ascribed one module type with a module specification have
-- distinct abstract types in their nested modules, even when one is
-- defined as the other.
-- ==
-- error: Expected: right\.store\.key\s+Actual:\s+left\.store\.key

module type keyed = {
  module store: {type key val first : key val next : key -> key}
}

module left : keyed = {
  module store = {
    type key = i64
    def first = 0i64
    def next (k: key) = k + 1
  }
}

module right : keyed = left

def mixed = right.store.next left.store.first
