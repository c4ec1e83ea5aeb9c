-- A shadowing `let` gives a new variable.
-- ==

def main (n: i64) : []i64 =
  let xs = iota n
  let xs = map (+ 1) xs
  let xs[0] = 0
  in xs
