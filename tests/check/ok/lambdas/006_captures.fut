-- A lambda referring to variables of the enclosing function.
-- ==
def scale_by [n] (k: f32) (xs: [n]f32) = map (\x -> k * x) xs
def shift_rows [n] [m] (a: [n][m]i32) (d: i32) = map (\r -> map (\x -> x + d) r) a
