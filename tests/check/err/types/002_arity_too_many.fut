-- A non-parametric type is given an argument.
-- ==
-- error: Type "point" takes 0 arguments, but is given 1
type point = (f32, f32)
def f (p: point i32) = p
