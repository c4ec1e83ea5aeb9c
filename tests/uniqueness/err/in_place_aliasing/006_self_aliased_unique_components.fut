-- Two unique components of one argument must not alias each other.
-- ==
-- error: self-aliased

def g (ar: *[]i64, m: *[][]i64) : i64 = ar[0] + m[0, 0]

def main (n: i64) : i64 =
  let m = replicate n (iota n)
  in g (m[0], m)
