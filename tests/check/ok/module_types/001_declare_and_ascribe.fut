-- A named module type used to ascribe a module.
-- ==
module type has_zero = {
  val zero : i32
}
module z : has_zero = {
  def zero = 0i32
  def extra = 1i32
}
def r = z.zero
