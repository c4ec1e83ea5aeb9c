-- A lambda with annotated parameter and return type.
-- ==
def f = \(x: f32) : f32 -> x * 2
def r = f 1.5
