-- The power operator on integers and floats.
-- ==
def sq (x: f32) = x ** 2
def cube (x: i32) = x ** 3
def r = sq 1.5 + f32.i32 (cube 2)
