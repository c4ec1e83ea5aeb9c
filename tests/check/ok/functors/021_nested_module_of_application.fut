-- A module nested in an applied parametric module's result, seen through
-- its module type, shows the argument's types: directly, through an
-- alias of the nested module, and in type annotations.

module type counter = { type elem val zero : elem val bump : elem -> elem }

module type pair_of_counters = {
  type elem
  module left: counter with elem = elem
  module right: counter with elem = elem
}

module twin (C: counter) : pair_of_counters with elem = C.elem = {
  type elem = C.elem
  module left = C
  module right = { type elem = C.elem def zero = C.bump C.zero def bump = C.bump }
}

module by_one = twin { type elem = i64 def zero = 0i64 def bump (x: i64) = x + 1 }
module l = by_one.left

def start : i64 = by_one.right.zero
def next (x: by_one.left.elem) : i64 = l.bump x
