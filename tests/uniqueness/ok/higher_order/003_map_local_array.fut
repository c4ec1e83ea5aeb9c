-- A `map` function may update arrays it creates.
-- ==

def main (n: i64) : [][]i64 =
  map (\i -> let row = replicate n 0
              in row with [i % n] = i)
      (iota n)
