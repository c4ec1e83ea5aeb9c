-- A functor whose result is ascribed with a module type.
-- ==
module type getter = { val get : i64 }
module doubled (X: getter) : getter = {
  def get = X.get * 2
}
module two = doubled { def get = 1i64 }
def r = two.get
