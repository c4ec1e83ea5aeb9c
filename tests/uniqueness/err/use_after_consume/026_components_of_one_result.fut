-- Parts of one non-unique result may alias each other.
-- ==
-- error: Using result of applying "halves", but this was consumed

def halves (xs: []i32) : ([]i32, []i32) =
  let n = length xs / 2
  in (xs[0:n], xs[n:])

def main (n: i64) : ([]i32, []i32) =
  let (a, b) = halves (replicate n 0)
  let a[0] = 1
  in (a, b)
