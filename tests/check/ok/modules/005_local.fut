-- Local declarations are usable inside their module.
-- ==
module m = {
  local def helper (x: i32) = x * x
  def api (x: i32) = helper x + 1
}
def r = m.api 3
