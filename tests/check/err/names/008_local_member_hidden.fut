-- A local definition of a module is not visible from outside.
-- ==
-- error: Unknown name "m.secret"
module m = {
  local def secret = 42i32
  def public = secret
}
def r = m.secret
