-- Filling an array by in-place updates inside a loop.
-- ==
def squares (n: i64) : [n]i64 =
  loop xs = replicate n 0 for i < n do
    xs with [i] = i * i
