-- A local two-argument function passed to map2.
-- ==
def dists [n] (xs: [n]f64) (ys: [n]f64) =
  let d (x: f64) (y: f64) = f64.abs (x - y)
  in map2 d xs ys
