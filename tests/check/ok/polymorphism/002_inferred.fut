-- Polymorphism inferred for a top-level function without annotations.
-- ==
def pair x y = (x, y)
def p : (bool, f32) = pair true 1
def q : (i8, [2]u8) = pair 3 "ab"
