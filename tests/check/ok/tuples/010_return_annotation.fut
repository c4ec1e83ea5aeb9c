-- A function returning a tuple with a declared return type.
-- ==
def minmax (a: i64) (b: i64) : (i64, i64) =
  if a < b then (a, b) else (b, a)
def r = (minmax 3 1).1
