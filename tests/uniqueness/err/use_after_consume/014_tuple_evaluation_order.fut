-- Components of a tuple are evaluated left to right.
-- ==
-- error: Using variable "a", but this was consumed

def main (n: i64) : (i64, i64) =
  let a = iota n
  in (let a[0] = 1 in a[0], a[1])
