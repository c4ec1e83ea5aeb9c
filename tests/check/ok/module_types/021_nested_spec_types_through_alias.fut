-- An alias of a module ascribed a module type with a module
-- specification shares its nested abstract types; so does the module
-- itself, used through either name.

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

module same = left

def twice : left.store.key = same.store.next (left.store.next same.store.first)
