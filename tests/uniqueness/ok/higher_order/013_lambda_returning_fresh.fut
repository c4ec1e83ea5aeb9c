-- A lambda returning a fresh array, then updated.
-- ==

def main (n: i64) : []i64 =
  let make = \(m: i64) -> iota m
  in make n with [0] = 7
