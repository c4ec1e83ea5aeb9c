-- A polymorphic function defined in a module.
-- ==
module util = {
  def dup 'a (x: a) = (x, x)
}
def a = util.dup 1u8
def b = util.dup (util.dup false)
