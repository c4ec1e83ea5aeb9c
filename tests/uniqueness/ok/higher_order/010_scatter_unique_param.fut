-- `scatter` into a unique parameter with values computed from it first.
-- ==

def main (dest: *[]i64) : []i64 =
  let vs = map (+ 1) dest
  in scatter dest (iota (length dest)) vs
