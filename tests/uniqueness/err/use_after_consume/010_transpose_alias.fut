-- `transpose` returns an alias of its argument.
-- ==
-- error: Using variable "a", but this was consumed

def main (n: i64) : i64 =
  let a = replicate n (iota n)
  let t = transpose a
  let a[0] = replicate n 1
  in t[0, 0]
