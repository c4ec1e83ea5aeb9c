-- A module type with an abstract type and operations on it.
-- ==
module type counter = {
  type t
  val init : t
  val incr : t -> t
  val get : t -> i32
}
module c : counter = {
  type t = i32
  def init = 0i32
  def incr (x: t) = x + 1
  def get (x: t) = x
}
def r = c.get (c.incr (c.incr c.init))
