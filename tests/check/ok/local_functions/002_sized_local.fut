-- A local function with an explicit size parameter.
-- ==
def both_sums [n] [m] (a: [n]i32) (b: [m]i32) =
  let sum [k] (xs: [k]i32) = reduce (+) 0 xs
  in sum a + sum b
