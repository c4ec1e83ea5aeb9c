-- Redundant parentheses around patterns.
-- ==
def f ((x)) : i32 = x + 1
def g (((a, b))) : i32 = a * b
def r = f (g (2, 3))
