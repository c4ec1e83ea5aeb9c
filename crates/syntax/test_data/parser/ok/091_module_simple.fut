-- A module bound to a literal module expression.
module counter = {
  type t = i64
  def zero : t = 0
  def bump (c: t) : t = c + 1
}
def two = counter.bump (counter.bump counter.zero)
