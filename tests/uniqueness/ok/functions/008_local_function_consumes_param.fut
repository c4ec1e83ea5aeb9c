-- A local function may consume its own unique parameter.
-- ==

def main (n: i64) : []i64 =
  let set (xs: *[]i64) (i: i64) = xs with [i] = 0
  in set (iota n) 0
