-- A module constant is called like a function.
-- ==
-- error: Cannot apply "cfg\.width" as function, as it has non-function type
module cfg = {
  def width = 80i64
}
def r = cfg.width 2
