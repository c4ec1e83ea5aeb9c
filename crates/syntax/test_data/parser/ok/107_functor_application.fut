-- Applying a functor to a module name.
module type has_zero = { type t val zero : t }
module ints = { type t = i32 def zero : t = 0 }
module zeros (Z: has_zero) = {
  def many (n: i64) : [n]Z.t = replicate n Z.zero
}
module int_zeros = zeros ints
def five = int_zeros.many 5
