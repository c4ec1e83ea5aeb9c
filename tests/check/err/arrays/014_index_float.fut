-- An array is indexed with a floating-point value.
-- ==
-- error: An index must be an integer
def f [n] (xs: [n]i32) (x: f32) = xs[x]
