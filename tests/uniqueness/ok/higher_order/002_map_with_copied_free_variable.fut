-- The second example of figure 7, made legal: the free array is copied
-- in each iteration.
-- ==

def main (n: i64) (m: i64) : [][]i32 =
  let d = replicate m 0i32
  in map (\i -> copy d with [i % m] = 2) (iota n)
