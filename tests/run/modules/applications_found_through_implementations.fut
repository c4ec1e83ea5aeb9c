-- Module applications whose parametric module's body is found only
-- through the modules' implementations: a body that is one of the
-- parameters (or a module inside it), a parametric module of a module
-- ascribed a module type, and one that a module parameter holds.

module type counter = {
  type t
  val start : t
  val step : t -> t
  val read : t -> i64
}

module by_two : counter = {
  type t = i64
  def start = 0i64
  def step (x: i64) = x + 2
  def read (x: i64) = x
}

-- The body is the parameter itself.
module same (C: counter) : counter = C

module same_two = same by_two

-- The body is a module inside the parameter.
module type holder = { module inner: counter }

module holds_by_two : holder = { module inner = by_two }

module take_inner (H: holder) : counter = H.inner

module inner_two = take_inner holds_by_two

-- An alias of such a parametric module.
module same_again = same

module again_two = same_again by_two

-- A parametric module of a module ascribed a module type.
module type makers = {
  module times: (C: counter) -> { val run : i64 -> i64 }
}

module maker_impl : makers = {
  module times (C: counter) = {
    def run (n: i64) : i64 = C.read (loop c = C.start for _i < n do C.step c)
  }
}

module run_two = maker_impl.times by_two

-- A parametric module that a module parameter holds.
module twice_runner (M: makers) = {
  module applied = M.times by_two
  def run (n: i64) = 2 * applied.run n
}

module doubled = twice_runner maker_impl

-- ==
-- input { 5i64 } output { 10i64 10i64 10i64 10i64 20i64 }
entry main (n: i64) =
  ( same_two.read (loop c = same_two.start for _i < n do same_two.step c)
  , inner_two.read (loop c = inner_two.start for _i < n do inner_two.step c)
  , again_two.read (loop c = again_two.start for _i < n do again_two.step c)
  , run_two.run n
  , doubled.run n )
