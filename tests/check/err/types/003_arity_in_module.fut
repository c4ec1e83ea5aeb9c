-- A module's parametric type is used without an argument.
-- ==
-- error: takes 1 arguments, but is given 0
module box = {
  type t 'a = {item: a}
}
def f (b: box.t) = b
