-- A sequential loop inside a parallel map.
-- ==
def powers [n] (xs: [n]f32) (k: i32) : [n]f32 =
  map (\x -> loop p = 1 for _i < k do p * x) xs
