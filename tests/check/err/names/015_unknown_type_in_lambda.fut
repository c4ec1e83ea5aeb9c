-- A lambda parameter annotation uses an undefined type.
-- ==
-- error: Unknown type "int"
def f [n] (xs: [n]i32) = map (\(x: int) -> x) xs
