-- Sequential folds in both directions.
-- ==
def horner [n] (x: f32) (cs: [n]f32) = foldl (\acc c -> acc * x + c) 0 cs
def build [n] (xs: [n]i32) = foldr (\x acc -> acc * 2 + x) 0 xs
