-- A loop that reads each row of a map once computes the row where it
-- reads it: neither the map nor the iota it maps over remains.
-- ==
-- input { 4i64 } output { 18i64 }
-- input { 0i64 } output { 0i64 }
-- structure { Iota 0 Screma 0 /Loop 1 }

def main (n: i64) : i64 =
  let squares = map (\i -> i * i + 1) (iota n)
  in loop s = 0 for sq in squares do s + sq
