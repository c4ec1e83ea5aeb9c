-- A partial application that consumes may not be passed as an argument.
-- ==
-- error: (?s)Argument of functional type.*contains consumption, which is not allowed

def set (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 0

def main (n: i64) : [][]i32 =
  let xs = replicate n 1
  in map (set xs) (iota n)
