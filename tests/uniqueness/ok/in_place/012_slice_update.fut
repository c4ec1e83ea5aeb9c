-- Updating a slice with values from elsewhere.
-- ==

def main [n] (xs: *[n]f64) (ys: [2]f64) : [n]f64 =
  xs with [0:2] = ys
