-- A function aliasing the consumed initial value counts as a use.
-- ==
-- error: Loop body uses variable "read"

def main (n: i64) (xs: *[]i32) : []i32 =
  let read = \(i: i64) -> xs[i % length xs]
  in loop acc = xs for i < n do acc with [i % length acc] = read (i + 1)
