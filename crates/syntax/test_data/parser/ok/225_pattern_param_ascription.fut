-- Tuple parameter patterns with per-element type ascriptions.
def add (x: i32, y) = x + y
def both_typed (a: f32, b: f32) = a * b
def nested ((a, b): (i32, i32), c: i32) = a + b + c
def whole_ascribed ((p, q): (bool, bool)) = p && q
