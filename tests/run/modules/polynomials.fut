-- Functors over a field signature applied to a nested named module and to an
-- anonymous one; a functor whose argument signature is given inline and is
-- satisfied by another functor's result.
-- ==
-- entry: main
-- input { [1i64, 0i64, -2i64] 3i64 }
-- output { 7i64 27i64 47i64 }
-- input { [5i64] 10i64 }
-- output { 5i64 1000i64 5i64 }
-- input { [2i64, 3i64, 4i64] -1i64 }
-- output { 3i64 -1i64 31i64 }

-- ==
-- entry: floats
-- input { [0.5f64, 1.0f64] 4.0f64 }
-- output { 3.0f64 }

-- Module-level constants, functors whose results are used by other
-- functors, and functor application to a module given by a name path.
module type field = {
  type t
  val zero : t
  val one : t
  val add : t -> t -> t
  val mul : t -> t -> t
  val from_i64 : i64 -> t
}

module poly (F: field) = {
  type t = F.t
  -- Horner evaluation of a polynomial with coefficients from highest power.
  def eval (cs: []F.t) (x: F.t) = foldl (\acc c -> F.add (F.mul acc x) c) F.zero cs
  def powers (n: i64) (x: F.t) = loop acc = F.one for _i < n do F.mul acc x
}

module wrappers = {
  module int_field : field with t = i64 = {
    type t = i64
    def zero = 0i64
    def one = 1i64
    def add = (i64.+)
    def mul = (i64.*)
    def from_i64 (x: i64) = x
  }
}

module ip = poly wrappers.int_field

module fp = poly {
  type t = f64
  def zero = 0f64
  def one = 1f64
  def add = (f64.+)
  def mul = (f64.*)
  def from_i64 = f64.i64
}

-- A functor applied to the result of another functor.
module double_eval (P: { type t val eval [n] : [n]t -> t -> t }) = {
  def twice cs x = P.eval cs (P.eval cs x)
}

module dp = double_eval ip

def main (cs: []i64) (x: i64) = (ip.eval cs x, ip.powers 3 x, dp.twice cs x)

entry floats (cs: []f64) (x: f64) = fp.eval cs x
