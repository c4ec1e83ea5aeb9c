-- A functor parameter whose module type is refined with `with`.
-- ==
module type elem = { type t val zero : t }
module zeros (E: elem with t = i32) = {
  def row (n: i64) : [n]i32 = replicate n E.zero
}
module z = zeros { type t = i32 def zero = 0i32 }
def r = z.row 3
