-- A value is checked against its specification also where the module
-- type's types take parameters: the definition applied to the
-- specification's arguments must fit.
-- ==
-- error: val swap 'a 'b : bag a -> bag b[\s\S]*The types do not match

module type holder = {
  type bag 't
  val single 't : t -> bag t
  val swap 'a 'b : bag a -> bag b
}

module m : holder = {
  type bag 't = [1]t
  def single 't (x: t) : bag t = [x]
  def swap 'a 'b (x: bag a) : bag a = x
}
