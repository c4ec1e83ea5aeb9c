-- Abstract types hidden by ascription, nested modules with qualified names,
-- `open` in a module, local opens `m.(e)`, `local` definitions, `include` in
-- module types.
-- ==
-- entry: main
-- input { 0i32 }
-- output { 0i32 10i32 }
-- input { 3i32 }
-- output { 3i32 13i32 }
-- input { 7i32 }
-- output { 7i32 17i32 }

-- ==
-- entry: nested
-- input { 5i32 }
-- output { 105i32 210i32 100i32 }

-- ==
-- entry: geo
-- input { 2.0f64 }
-- output { 4.0f64 7.0f64 8.0f64 3.0f64 }

-- An abstract type: clients can only use the operations of the signature.
module type counter = {
  type counter
  val zero : counter
  val incr : counter -> counter
  val add : i32 -> counter -> counter
  val get : counter -> i32
}

module counter : counter = {
  -- Stored as twice the count, which clients cannot observe.
  type counter = i32
  def zero = 0
  def incr (c: i32) = c + 2
  def add (n: i32) (c: i32) = c + 2 * n
  def get (c: i32) = c / 2
}

def main (n: i32) =
  let c = loop c = counter.zero for _i < n do counter.incr c
  in (counter.get c, counter.get (counter.add 10 c))

-- Nested modules and qualified access.
module outer = {
  def base = 100i32
  module inner = {
    def f (x: i32) = x + base
    module deepest = { def g (x: i32) = f x * 2 }
  }
}

entry nested (x: i32) = (outer.inner.f x, outer.inner.deepest.g x, outer.base)

-- open, local, local opens and include in module types.
module type geo_sig = {
  val square : f64 -> f64
  val scaled : f64 -> f64
}

module type ext_sig = {
  include geo_sig
  val cube : f64 -> f64
}

module geometry = {
  def square (x: f64) = x * x
  local def secret = 3.0
  def scaled (x: f64) = x * secret
}

module extended : ext_sig = {
  open geometry
  def cube (x: f64) = square x * x
}

entry geo (x: f64) =
  (geometry.(square x), geometry.(scaled x + square 1), extended.cube x, extended.scaled 1)
