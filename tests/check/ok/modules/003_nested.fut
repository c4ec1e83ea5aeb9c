-- Modules nested inside modules.
-- ==
module outer = {
  module inner = {
    def v = 7i64
  }
  def w = inner.v + 1
}
def sum = outer.inner.v + outer.w
