-- A partial application aliases its (observed) arguments.
-- ==
-- error: Using variable "table", but this was consumed

def at (xs: []i32) (i: i64) : i32 = xs[i]

def main (table: *[]i32) (i: i64) : i32 =
  let get = at table
  let table[0] = 0
  in get i
