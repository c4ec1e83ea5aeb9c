-- A module is asked for a member it does not define.
-- ==
-- error: Unknown name "m.zero"
module m = {
  def one = 1i32
}
def r = m.zero
