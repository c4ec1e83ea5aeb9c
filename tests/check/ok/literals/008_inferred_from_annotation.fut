-- Unsuffixed literals take the type required by an annotation or operand.
-- ==
def x : f32 = 1.0
def y : i64 = 10
def z = x + 2.5
def w = y * 3
def v : (u16, f16) = (7, 0.25)
