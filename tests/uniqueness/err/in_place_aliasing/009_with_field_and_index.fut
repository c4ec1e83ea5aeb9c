-- `x with f[i] = v` consumes `x`, which may not alias the value.
-- ==
-- error: Source array for in-place update

def main (p: *{m: [][]i32, k: i64}) : {m: [][]i32, k: i64} =
  p with m[0] = p.m[1]
