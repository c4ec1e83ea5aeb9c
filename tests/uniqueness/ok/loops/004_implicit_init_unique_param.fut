-- A loop named after a unique parameter consumes it.
-- ==

def main (xs: *[]i32) : []i32 =
  loop xs for i < length xs do xs with [i] = i32.i64 i
