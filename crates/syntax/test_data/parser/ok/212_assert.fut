-- Assertions guard an expression.
def safe_div (a: i32) (b: i32) = assert (b != 0) (a / b)
def checked_index [n] (xs: [n]f32) (i: i64) = assert (i >= 0 && i < n) xs[i]
def multiple (x: i32) = assert (x > 0) assert (x < 100) x * 2
def with_atom (ok: bool) (x: i32) = assert ok x
