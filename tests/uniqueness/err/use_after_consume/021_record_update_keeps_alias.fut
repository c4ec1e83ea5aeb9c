-- A record built by `with` keeps the aliases of the fields not replaced.
-- ==
-- error: Using variable "b", but this was consumed

def main (a: []i32) (b: *[]i32) : i32 =
  let r = {x = a, y = b} with x = a
  let b[0] = 1
  in r.y[0]
