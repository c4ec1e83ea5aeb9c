-- Aliasing a prelude numeric module.
-- ==
module F = f32
def hyp (a: F.t) (b: F.t) = F.sqrt (a * a + b * b)
def big = F.max 1 2
