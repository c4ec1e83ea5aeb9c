-- A `while` loop updating its parameter; the condition observes it.
-- ==

def main (n: i64) : []i64 =
  let (xs, _) = loop (xs, i) = (replicate n 0, 0) while i < n && xs[i] == 0 do
                  (xs with [i] = i, i + 1)
  in xs
