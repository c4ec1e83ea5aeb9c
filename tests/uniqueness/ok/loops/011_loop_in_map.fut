-- A loop inside a `map` updating an array the lambda creates.
-- ==

def main (n: i64) (m: i64) : [][]i64 =
  map (\r -> loop row = replicate m 0 for j < m do row with [j] = r * j) (iota n)
