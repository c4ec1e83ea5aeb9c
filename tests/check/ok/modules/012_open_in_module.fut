-- Opening one module inside another re-exports its names.
-- ==
module base = {
  def k = 10i32
}
module ext = {
  open base
  def k2 = k * 2
}
def r = ext.k + ext.k2
