-- A module defining an operator, used after opening it.
-- ==
module vec2 = {
  def (a: (f32, f32)) +^ (b: (f32, f32)) = (a.0 + b.0, a.1 + b.1)
}
open vec2
def r = (1, 2) +^ (3, 4)
