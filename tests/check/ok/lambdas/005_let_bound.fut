-- A lambda bound with let and applied afterwards.
-- ==
def r =
  let sq = \(x: i64) -> x * x
  in sq 3 + sq 4
