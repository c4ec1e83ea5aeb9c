-- A while-loop condition computes a difference instead of a comparison.
-- ==
-- error: The condition of a while-loop must be a bool
def f (x: f64) = loop y = x while y - 1 do y / 2
