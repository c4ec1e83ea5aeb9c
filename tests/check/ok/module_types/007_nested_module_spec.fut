-- A module type specifying a submodule.
-- ==
module type inner = { val x : i32 }
module type outer = {
  module sub : inner
  val y : i32
}
module o : outer = {
  module sub = { def x = 1i32 }
  def y = 2i32
}
def r = o.sub.x + o.y
