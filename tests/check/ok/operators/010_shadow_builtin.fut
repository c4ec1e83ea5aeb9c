-- Shadowing a built-in operator inside a module.
-- ==
module weird = {
  def (+) (x: i32) (y: i32) = x - y
  def r = 5 + 3
}
def r2 = weird.r + 1
