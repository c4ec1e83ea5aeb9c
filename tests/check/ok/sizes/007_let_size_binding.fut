-- Binding the size of an array with `let [m]`.
-- ==
def count_big [n] (xs: [n]i32) : i64 =
  let [m] (ys: [m]i32) = filter (> 10) xs
  in m
