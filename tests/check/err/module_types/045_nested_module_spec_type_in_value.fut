-- A value specification's type may name a type of a module specification
-- earlier in the same module type (`source.state`); seen through a
-- parameter it is that parameter's nested module's type, which is not
-- `i32`.
-- ==
-- error: Expected: i32\s*Actual:\s*S.source.state

module type source = {
  type state
  val start : state
}

module type stream = {
  module source : source
  val step : source.state -> source.state
}

module twice (S: stream) = {
  def run : i32 = S.step (S.step S.source.start)
}
