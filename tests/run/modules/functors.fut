-- Module types, modules ascribed with `with t = ...`, a parametric module
-- (functor) applied to named and anonymous modules.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] [0.5f32, -1.0f32, 2.0f32] }
-- output { 6i32 [1i32, 3i32, 6i32] 2.0f32 }
-- input { empty([0]i32) empty([0]f32) }
-- output { 0i32 empty([0]i32) -f32.inf }

-- ==
-- entry: pairs
-- input { [4i32, 5i32, 6i32] }
-- output { 15i32 3i32 }

module type monoid = {
  type t
  val ne : t
  val op : t -> t -> t
}

module sum_i32 : monoid with t = i32 = {
  type t = i32
  def ne = 0i32
  def op (x: i32) (y: i32) = x + y
}

module max_f32 : monoid with t = f32 = {
  type t = f32
  def ne = -f32.inf
  def op = f32.max
}

-- A functor: reductions for any monoid.
module reducer (M: monoid) = {
  def reduce_all (xs: []M.t) = reduce M.op M.ne xs
  def scan_all (xs: []M.t) = scan M.op M.ne xs
}

module rs = reducer sum_i32
module rm = reducer max_f32

def main (xs: []i32) (ys: []f32) = (rs.reduce_all xs, rs.scan_all xs, rm.reduce_all ys)

-- Functor applied to a module defined inline.
module rp = reducer { type t = (i32, i32) def ne = (0, 0) def op (a: t) (b: t) = (a.0 + b.0, a.1 + b.1) }

entry pairs (xs: []i32) = rp.reduce_all (map (\x -> (x, 1)) xs)
