-- A slice bound is a floating-point number.
-- ==
-- error: (An index must be an integer|Expected: i64)
def f [n] (xs: [n]i32) = xs[0.5f32:]
