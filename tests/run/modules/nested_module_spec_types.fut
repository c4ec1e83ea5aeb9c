-- Value specifications naming the types of module specifications earlier
-- in the same module type (`source.state`), used through a parametric
-- module's parameter that is given an applied, ascribed parametric module.
-- ==
-- input { 5i64 } output { 8i64 }
-- input { 0i64 } output { 3i64 }

module type source = {
  type state
  val next : state -> state
}

module type stream = {
  module source : source
  val step : source.state -> source.state
}

module stepper (S: source) : stream with source.state = S.state = {
  module source = S
  def step (s: S.state) = S.next (S.next s)
}

module counter = {
  type state = i64
  def next (s: i64) = s + 1
}

module run_stream (T: stream) = {
  def go (s: T.source.state) = T.source.next (T.step s)
}

module runner = run_stream (stepper counter)

entry main (s: i64) = runner.go s
