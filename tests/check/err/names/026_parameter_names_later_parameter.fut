-- A parameter's module type sees only the parameters before it.
-- ==
-- error: Unknown type "N.t"

module stepper (C: { val stride : N.t }) (N: integral) = {
  def step (s: N.t) : N.t = s N.+ C.stride
}
