-- Names found through an opened application of a parametric module see
-- the argument's types: values, types, nested modules, also through
-- `local open` and an opened path into an application.

module scaled (R: real) = {
  type scalar = R.t
  def scale (k: R.t) (x: R.t) = R.(k * x)
  module consts = { def two : R.t = R.i32 2 }
}

local open scaled f64

def doubled (x: f64) : scalar = scale consts.two x
def from_literal : f64 = scale 3 1.5

module holder = { module s = scaled f32 }
open holder.s

def narrow (x: f32) : f32 = scale x x
