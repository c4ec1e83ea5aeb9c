-- Opening a module brings its names into scope.
-- ==
module consts = {
  def two = 2f64
  def three = 3f64
}
open consts
def six = two * three
