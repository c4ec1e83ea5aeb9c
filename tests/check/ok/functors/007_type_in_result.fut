-- A functor exposing a type built from its argument's type.
-- ==
module type elem = { type t }
module pairs (E: elem) = {
  type pair = (E.t, E.t)
  def mk (x: E.t) : pair = (x, x)
}
module bp = pairs { type t = bool }
def p : bp.pair = bp.mk true
