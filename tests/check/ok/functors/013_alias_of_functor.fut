-- A parametric module renamed (and ascribed) is applied like the original.
-- ==
module type doubling = (E: {type elem val add : elem -> elem -> elem}) -> {val double : E.elem -> E.elem}

module doubler (E: {type elem val add : elem -> elem -> elem}) = {
  def double (x: E.elem) = E.add x x
}

module renamed = doubler : doubling
module again = renamed

module ints = again { type elem = i64 def add (a: i64) (b: i64) = a + b }

def four : i64 = ints.double 2
