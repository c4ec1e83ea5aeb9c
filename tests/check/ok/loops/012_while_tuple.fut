-- A while-loop over a tuple with a compound condition.
-- ==
def gcd (a: i64) (b: i64) : i64 =
  let (g, _) = loop (x, y) = (a, b) while y != 0 do (y, x % y)
  in g
