-- A module exporting a type and functions on it.
-- ==
module complex = {
  type t = {re: f64, im: f64}
  def mk (re: f64) (im: f64) : t = {re, im}
  def add (a: t) (b: t) : t = {re = a.re + b.re, im = a.im + b.im}
}
def z : complex.t = complex.add (complex.mk 1 2) (complex.mk 3 4)
