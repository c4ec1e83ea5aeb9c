-- A loop parameter with a type annotation in its pattern.
-- ==
def halve (x: f64) =
  loop (y: f64) = x while y > 1 do y / 2
