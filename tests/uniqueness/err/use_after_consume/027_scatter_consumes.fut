-- `scatter` consumes its destination.
-- ==
-- error: Using variable "dest", but this was consumed

def main (dest: *[]i32) (is: []i64) (vs: []i32) : i32 =
  let out = scatter dest is vs
  in out[0] + dest[0]
