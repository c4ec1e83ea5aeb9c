-- A parametric module applied to a module literal.
-- ==
module add_one (X: { val x : i32 }) = {
  def y = X.x + 1
}
module r = add_one { def x = 41i32 }
def answer = r.y
