-- Application binds tighter than +, so f receives only x and returns f32 where + expects i32.
-- ==
-- error: Expected: (i32|f32)
def f (x: i32) : f32 = f32.i32 x
def r (x: i32) = f x + 1i32
