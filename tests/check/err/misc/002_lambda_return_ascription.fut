-- A lambda's ascribed return type contradicts its body.
-- ==
-- error: (Function body|Expression) does not have expected type
def f [n] (xs: [n]i32) = map (\(x: i32) : f32 -> x + 1) xs
