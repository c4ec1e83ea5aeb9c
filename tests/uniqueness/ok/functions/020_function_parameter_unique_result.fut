-- A function parameter declared to return a unique array.
-- ==

def build (f: i64 -> *[]i32) (n: i64) : []i32 =
  let xs = f n
  in xs with [0] = 1

def main (n: i64) : []i32 = build (\m -> replicate m 0) n
