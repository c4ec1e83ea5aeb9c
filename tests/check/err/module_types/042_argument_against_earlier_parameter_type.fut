-- A parameter's module type that names an earlier parameter's type asks
-- the argument for the earlier argument's type.
-- ==
-- error: Module type specifies\s*val stride : N.t\s*but module provides\s*val stride : i64

module stepper (N: integral) (C: { val first : N.t val stride : N.t }) = {
  def step (s: N.t) : N.t = s N.+ C.stride
}

module by_three = stepper u16 { def first = 1u16 def stride = 3i64 }
