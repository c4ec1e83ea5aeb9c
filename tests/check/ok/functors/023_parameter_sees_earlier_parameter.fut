-- A parameter's module type may name the types of the parameters before
-- it; an application's arguments then give those types, and the result
-- module type may name them too.

module type counter = {
  type t
  type state
  val start : state
  val step : state -> (state, t)
}

module stepper (N: integral) (C: { val first : N.t val stride : N.t }) : counter
  with t = N.t
  with state = N.t = {
  type t = N.t
  type state = N.t
  def start = C.first
  def step (s: state) : (state, t) = (s N.+ C.stride, s)
}

module by_three = stepper u16 { def first = 1u16 def stride = 3u16 }

def second : u16 = (by_three.step (by_three.step by_three.start).0).1

-- The earlier parameter's module type may itself be a nested one.
module pairing (K: { module inner : { type key } }) (V: { val default : K.inner.key }) = {
  def get : K.inner.key = V.default
}

module keys = { module inner = { type key = bool } }
module p = pairing keys { def default = true }

def flag : bool = p.get
