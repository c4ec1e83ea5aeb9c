-- A functor using a function member of its argument.
-- ==
module type op = { val f : i32 -> i32 }
module map_op (O: op) = {
  def apply [n] (xs: [n]i32) : [n]i32 = map O.f xs
}
module neg = map_op { def f (x: i32) = -x }
def r = neg.apply [1, 2]
