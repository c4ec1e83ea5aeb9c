-- A functor over a module with an abstract type.
-- ==
module type monoid = {
  type t
  val ne : t
  val op : t -> t -> t
}
module fold (M: monoid) = {
  def all [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs
}
module sum_i32 = fold { type t = i32 def ne = 0i32 def op (a: i32) (b: i32) = a + b }
def r = sum_i32.all [1, 2, 3]
