-- A module name is used where a value is expected.
-- ==
-- error: "m" is a module, not a value
module m = {
  def x = 1i32
}
def r = m
