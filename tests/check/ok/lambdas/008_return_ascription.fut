-- A lambda whose result type is ascribed.
-- ==
def halves [n] (xs: [n]i32) : [n]f64 = map (\x : f64 -> f64.i32 x / 2) xs
