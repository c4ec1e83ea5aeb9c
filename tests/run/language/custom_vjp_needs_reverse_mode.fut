-- Reverse mode computes this `vjp` by forward mode (it has no reverse
-- rule for a scan with `*`), which cannot use the custom derivative of
-- `with_vjp`: an error, rather than the derivative of `f` instead.
-- ==
-- error: custom derivative .*cannot be used here.*scan whose operator is not `\+`

def scaled (x: f64) : f64 =
  with_vjp (\x -> 2 * x) (\_ y_adj -> 10 * y_adj) x

entry main (xs: []f64) =
  vjp (\xs -> scaled (f64.product (scan (*) 1 xs))) xs 1
