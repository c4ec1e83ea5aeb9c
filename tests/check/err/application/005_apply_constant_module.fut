-- A module constant is called like a function.
-- ==
-- error: not a function
module cfg = {
  def width = 80i64
}
def r = cfg.width 2
