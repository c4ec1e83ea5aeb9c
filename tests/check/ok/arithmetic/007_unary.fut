-- Prefix negation and logical/bitwise not.
-- ==
def neg (x: i32) = -x
def not_b (b: bool) = !b
def not_i (x: i64) = !x
def neg_f (x: f32) = -(x * 2)
