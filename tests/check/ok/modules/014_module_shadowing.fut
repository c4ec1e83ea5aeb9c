-- A name defined in a module shadows a top-level name inside it.
-- ==
def x = 1i32
module m = {
  def x = true
  def y = if x then 1i32 else 0
}
def z = x + m.y
