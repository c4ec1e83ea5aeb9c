-- | Real numbers, and queues of them.

import "../queue"

-- | The real numbers used throughout: `f64`.
type real = f64

-- | Module types of queues of reals.
module type real_queue = queue with elem = real

-- | Real numbers as queue elements.
module real_element : element with t = real = {
  type t = real
  def blank : real = 0
}

-- | The prelude's `f64.t`, the same type as `real`@type.
type real_too = f64.t
