-- Each recursive call has its own sizes.
-- ==
def halve_sum [n] (xs: [n]f32) : f32 =
  if n <= 1 then (if n == 1 then xs[0] else 0)
  else halve_sum (take (n / 2) xs) + halve_sum (drop (n / 2) xs)
