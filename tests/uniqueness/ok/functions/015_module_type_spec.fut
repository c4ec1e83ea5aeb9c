-- A function declared unique-consuming in a module type.
-- ==

module type counter = {
  type t
  val new : i64 -> *t
  val incr : *t -> *t
}

module c : counter = {
  type t = [1]i64
  def new (_: i64) : *t = [0]
  def incr (x: *t) : *t = x with [0] = x[0] + 1
}

def main (n: i64) : c.t = c.incr (c.incr (c.new n))
