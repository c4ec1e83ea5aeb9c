-- An integer literal operand is inferred as a float.
-- ==
def avg (a: f32) (b: f32) = (a + b) / 2
def half (x: f64) = x * 0.5
