-- Sizes in specifications may name values of the module type: a module's
-- values have them when their sizes name its definitions of those values,
-- as an argument of a parametric module, through an include, in a nested
-- module, or with a size parameter of their own; a parametric module's
-- body sees its parameter's values with those sizes.

module type has_n = { val n : i64 }

module type counted = {
  include has_n
  val xs : [n]i64
  val f : [n]i64 -> [n]i64
  val g [m] : [m]i64 -> [m]i64
}

module four : counted = {
  def n = 4i64
  def xs = iota n
  def f [k] (ys: [k]i64) = map (+ 1) ys
  def g (ys: [n]i64) = ys
}

module total (C: counted) = {
  def sum = i64.sum (C.f C.xs)
  def first = (C.g (iota C.n))[0]
}

module zipped (C: counted) = {
  open C
  def pairs = zip xs (iota n)
}

module five = total {
  def n = 5i64
  def xs : [n]i64 = iota n
  def f (ys: [n]i64) = reverse ys
  def g [m] (ys: [m]i64) = ys
}

module doubled (P: has_n) : counted = {
  def n = P.n * 2
  def xs = replicate n 0i64
  def f (ys: [n]i64) = ys
  def g [m] (ys: [m]i64) = ys
}

module type outer = {
  val n : i64
  module inner : { val xs : [n]i64 }
}

module o : outer = {
  def n = 3i64
  module inner = { def xs = iota n }
}

def main = (five.sum, o.inner.xs)
