-- Tuple construction and positional projection.
-- ==
def t = (1i32, true, 2.5f32)
def a = t.0
def b = t.1
def c : f32 = t.2
