-- `reduce_by_index` consumes its destination.
-- ==
-- error: Using variable "bins", but this was consumed

def main (n: i64) (is: []i64) (vs: []i32) : i32 =
  let bins = replicate n 0
  let counts = reduce_by_index bins (+) 0 is vs
  in counts[0] + bins[0]
