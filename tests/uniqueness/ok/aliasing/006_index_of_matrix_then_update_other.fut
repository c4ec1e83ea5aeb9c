-- A row of one matrix written into another.
-- ==

def main (a: [][]i32) (n: i64) : [][]i32 =
  let b = replicate n (replicate n 0)
  in b with [0] = a[0]
