-- A closure may be used before what it aliases is consumed.
-- ==

def main (table: *[]i32) : (i32, []i32) =
  let get (i: i64) = table[i]
  let x = get 0
  in (x, table with [0] = 0)
