-- A reduction of the values of a scan: both become one sequential stream.
-- ==
-- input { [1, -2, 3, 5, -9, 4] }
-- output { 7 }
-- input { empty([0]i32) }
-- output { -2147483648 }
-- structure { /Stream 1 /Screma 0 }

def main (xs: []i32) : i32 =
  reduce i32.max i32.lowest (scan (+) 0 xs)
