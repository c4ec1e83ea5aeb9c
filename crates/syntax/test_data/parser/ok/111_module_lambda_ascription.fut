-- A module lambda with a result module type.
module type num = { type t val one : t }
module type result = { type t val two : (t, t) }
module doubler = \(N: num) : result -> {
  type t = N.t
  def two = (N.one, N.one)
}
module doubler2 = \(N: num) : (result with t = N.t) -> {
  type t = N.t
  def two = (N.one, N.one)
}
