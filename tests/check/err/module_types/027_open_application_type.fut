-- A value found through an opened application of a parametric module
-- takes the argument's types, not others.
-- ==
-- error: Expected: f32

module lifter (R: real) = {
  def lift (x: R.t) = x
}

open lifter f32

def wrong = lift 2u16
