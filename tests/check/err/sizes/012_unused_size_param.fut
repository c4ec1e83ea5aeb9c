-- A size parameter that no parameter or result type uses.
-- ==
-- error: Size \[q\] unused in pattern
def scale [q] (factor: f32) (x: f32) = factor * x
