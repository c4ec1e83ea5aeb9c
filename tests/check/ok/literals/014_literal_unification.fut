-- A literal's type is fixed by the parameter type it is passed to.
-- ==
def scale (k: f32) (x: f32) = k * x
def r = scale 2 3.5
def g (x: u64) = x + 1
def s = g 41
