-- Modules, module types and types nested inside modules.
module library = {
  module type printable = { type t val width : t -> i64 }
  module text : printable = {
    type t = []u8
    def width (s: t) = length s
  }
  module nums = {
    module small = { def one = 1u8 }
  }
  type id = i64
}
def w = library.text.width "abc"
def one = library.nums.small.one
