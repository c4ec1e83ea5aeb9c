-- A range is built from floating-point bounds.
-- ==
-- error: must be (one of|integers)
def r = 0.0..<1.0
