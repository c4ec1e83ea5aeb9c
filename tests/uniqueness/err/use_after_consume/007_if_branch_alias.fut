-- The value of an `if` aliases what either branch aliases.
-- ==
-- error: Using variable "a", but this was consumed

def main (n: i64) (b: bool) : i64 =
  let a = iota n
  let c = if b then iota n else a
  let c[0] = 4
  in a[0]
