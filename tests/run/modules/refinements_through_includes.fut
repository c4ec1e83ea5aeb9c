-- `with` refinements reach the module type's types through `include`,
-- also through a named module type that includes a refined one, and a
-- refinement with parameters (`with grid [n] = ...`) applies to the
-- arguments of each use.
-- ==
-- input { 4i32 } output { 5i32 [4i32, 4i32, 4i32] }

module type stepper = {
  type state
  val step : state -> state
}

module type int_stepper = {
  include stepper with state = i32
}

module succ : int_stepper = {
  type state = i32
  def step (x: i32) = x + 1
}

module type filler = {
  type~ grid [n]
  val fill : (n: i64) -> i32 -> grid [n]
}

module rows : { include filler with grid [n] = [n]i32 } = {
  type~ grid [n] = [n]i32
  def fill (n: i64) (x: i32) : grid [n] = replicate n x
}

entry main (x: i32) : (i32, [3]i32) = (succ.step x, rows.fill 3 x)
