-- `opaque` is the identity, on scalars and arrays alike, and
-- differentiates as the identity in both modes.
-- ==
-- input { 3f64 [1f64, 2f64] } output { 9f64 [2f64, 3f64] 6f64 6f64 }

def main (x: f64) (xs: []f64) =
  ( opaque (x * x)
  , map (+ 1) (opaque xs)
  , jvp (\y -> opaque (y * y)) x 1
  , vjp (\y -> opaque (y * y)) x 1
  )
