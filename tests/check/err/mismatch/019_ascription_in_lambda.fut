-- An ascription inside a lambda body contradicts the parameter's type.
-- ==
-- error: Expression does not have expected type
def f [n] (xs: [n]f32) = map (\(x: f32) -> (x : f64)) xs
