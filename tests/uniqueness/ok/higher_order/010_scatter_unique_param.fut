-- `scatter` into a unique parameter with values computed from it first.
-- ==

def main [n] (dest: *[n]i64) : []i64 =
  let vs = map (+ 1) dest
  in scatter dest (iota n) vs
