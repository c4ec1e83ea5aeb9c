-- A module matched against a module type whose value specification names
-- a type of a module specification (`source.state`) must give that value
-- its own nested module's type.
-- ==
-- error: The types do not match

module type source = {
  type state
}

module type stream = {
  module source : source
  val step : source.state -> source.state
}

module counting : stream = {
  module source = { type state = i64 }
  def step (x: i32) = x + 1
}
