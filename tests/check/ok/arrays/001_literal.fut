-- One-dimensional array literals.
-- ==
def xs = [1, 2, 3]
def ys : [4]f32 = [1, 2, 3, 4]
def bs = [true, false]
