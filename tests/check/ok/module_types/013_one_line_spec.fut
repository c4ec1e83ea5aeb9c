-- A module type written on one line, refined with `with` at ascription.
-- ==
module type has_t = { type t val one : t }
module my_i8 : has_t with t = i8 = {
  type t = i8
  def one = 1i8
}
def r : i8 = my_i8.one + 1
