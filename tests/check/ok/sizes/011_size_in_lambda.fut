-- A size parameter referenced inside a lambda.
-- ==
def normalise [n] (xs: [n]f32) : [n]f32 =
  map (\x -> x / f32.i64 n) xs
