-- A size bound by a local let may not become the size of a parameter.
-- ==
-- error: depend on "k" \(scope violation\)
def f (ys: []f32) =
  let k = 10
  in map2 (\i y -> f32.i64 i + y) (iota k) ys
