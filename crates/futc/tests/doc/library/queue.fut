-- | Bounded queues.
--
-- The module type `queue`@mtype describes them, and `mk_queue`@term
-- builds one for any `element`@mtype.

-- | What a queue can hold.
module type element = {
  -- | The element type.
  type t

  -- | A value of no importance, to fill empty queues with.
  val blank : t
}

-- | A queue of a bounded capacity.
module type queue = {
  -- | The elements.
  type elem

  -- | A queue, which knows its capacity.
  type queue

  -- | The empty queue that holds at most `n` elements.
  val empty : (n: i64) -> queue

  -- | Add an element at the back:
  --
  -- * nothing happens when the queue is full;
  -- * otherwise the element is the last one.
  val push : elem -> queue -> queue

  -- | How many elements the queue holds; at most its capacity, see
  -- `empty`@term.
  val size : queue -> i64

  -- | The element added last, or `blank` when there is none.
  val last : queue -> elem
}

-- | Queues of the elements of `E`, which keep only the last one.
module mk_queue (E: element) : queue with elem = E.t = {
  type elem = E.t
  type queue = {capacity: i64, used: i64, last: elem}

  def empty (n: i64) : queue = {capacity = n, used = 0, last = E.blank}

  def push (x: elem) (q: queue) : queue =
    if q.used >= q.capacity then q else q with used = q.used + 1 with last = x

  def size (q: queue) : i64 = q.used

  def last (q: queue) : elem = q.last
}
