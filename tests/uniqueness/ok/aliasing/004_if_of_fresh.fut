-- An `if` choosing between fresh arrays is fresh.
-- ==

def main (b: bool) (n: i64) : []i64 =
  let xs = if b then iota n else replicate n 1
  in xs with [0] = 0
