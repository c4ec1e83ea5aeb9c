-- A lambda builds an array from an i64 and an i32.
-- ==
-- error: Array elements must all have the same type
def f [n] (xs: [n]i32) = map (\(x: i32) -> [x, i64.i32 x]) xs
