-- A parameter's module type may specify a parametric module, which the
-- parametric module's body applies.
-- ==
module type counter = {val count : i32 -> i32}

module type maker = {module make: counter -> {val twice : i32 -> i32}}

module user (M: maker) = {
  module made = M.make { def count (x: i32) = x + 1 }
  def run (x: i32) = made.twice x
}

module impl = {
  module make (C: counter) = {
    def twice (x: i32) = C.count (C.count x)
  }
}

module used = user impl

def five = used.run 3
