-- A right section with a bool operand is mapped over integers.
-- ==
-- error: does not have expected type
def f [n] (xs: [n]i32) = map (+ true) xs
