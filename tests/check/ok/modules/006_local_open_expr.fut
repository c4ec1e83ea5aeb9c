-- Opening a module locally within an expression.
-- ==
module v = {
  def a = 1i32
  def b = 2i32
}
def r = v.(a + b * 10)
