-- A parametric module whose second parameter's module type names the
-- first parameter's type, with a refined result module type.
-- ==
-- input { 4i64 }
-- output { [1u16, 4u16, 7u16, 10u16] 13u16 }

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

def main (n: i64) : ([n]u16, u16) =
  let (values, s) =
    loop (values, s) = (replicate n 0u16, by_three.start) for i < n do
      let (s', x) = by_three.step s
      in (values with [i] = x, s')
  in (values, s)
