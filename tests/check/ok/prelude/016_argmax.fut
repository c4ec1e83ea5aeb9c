-- An argmax computed by reducing index-value pairs.
-- ==
def argmax [n] (xs: [n]f32) : i64 =
  let pick (i, x) (j, y) = if x >= y then (i, x) else (j, y)
  in (reduce pick (-1, f32.lowest) (zip (iota n) xs)).0
