-- | Statistics over arrays of numbers, and a queue of integers.
--
-- Written for the tests of `futc doc`.

import "queue"
import "util/real"

-- | Integers as the elements of a queue.
module int_element = {
  -- | 64-bit integers.
  type t = i64

  -- | Zero.
  def blank : t = 0
}

-- | A queue of integers, made by `mk_queue`@term.
module int_queue = mk_queue int_element

-- | Two values of one type.
type pair 'a = (a, a)

-- | The **arithmetic mean** of an array:
--
-- ```futhark
-- mean [1, 2, 3] == 2
-- ```
--
-- See [the Futhark site](https://futhark-lang.org) and `total`@term.
def mean [n] (xs: [n]real) : real = f64.sum xs / f64.i64 n

-- | The smallest and the largest element, as a `pair`@type.
def extremes [n] (xs: [n]real) : pair real = (f64.minimum xs, f64.maximum xs)

-- An ordinary comment about the sum, which documents nothing.
def total (xs: []real) : real = f64.sum xs

-- | Push every element of `xs`, in order, as queues made by
-- `mk_queue`@term@"queue" of the module type `queue`@mtype@"queue" do.
def push_all (q: int_queue.queue) (xs: []i64) : int_queue.queue =
  loop q for x in xs do int_queue.push x q

local def hidden_helper (x: i32) : i32 = x + 1

-- | Queues of pairs: a parametric module without a module type.
module pair_queues (E: element) = {
  -- | Pairs of the elements of `E`.
  type elem = pair E.t

  -- | A pair of blanks.
  def blank_pair : elem = (E.blank, E.blank)

  -- | The queues themselves.
  module queues = mk_queue {type t = elem def blank = blank_pair}
}

-- | The larger of two counts; its type is inferred.
def larger (a: i64) b = if a > b then a else b
