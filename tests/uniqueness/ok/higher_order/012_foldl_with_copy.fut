-- A fold's function observes its accumulator, so it updates a copy.
-- ==

def main (n: i64) (is: []i64) : []i32 =
  foldl (\acc i -> copy acc with [i % n] = 1) (replicate n 0) is
