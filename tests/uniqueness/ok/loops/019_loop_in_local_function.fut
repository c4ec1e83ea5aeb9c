-- A local function running a loop over its unique parameter.
-- ==

def main (n: i64) : []i64 =
  let fill (xs: *[]i64) (v: i64) = loop xs for i < length xs do xs with [i] = v
  in fill (iota n) 3
