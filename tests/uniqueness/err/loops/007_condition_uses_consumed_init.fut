-- Nor may a `while` condition.
-- ==
-- error: Loop condition uses variable "a"

def main (n: i64) : []i64 =
  let a = iota n
  let (b, _) = loop (b, j) = (a, n - 1) while j > 0 && a[j] > 0 do
                 (b with [j] = 0, j - 1)
  in b
