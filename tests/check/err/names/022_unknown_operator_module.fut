-- An operator defined in a module is used outside it without qualification.
-- ==
-- error: Unknown operator "\*\*\*"
module m = {
  def (a: i32) *** (b: i32) = a * b * b
}
def r = 2 *** 3
