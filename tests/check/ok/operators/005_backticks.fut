-- Ordinary functions used infix with backticks.
-- ==
def r = 3 `i32.max` 5
def avg (a: f32) (b: f32) = (a + b) / 2
def s = 1 `avg` 2
