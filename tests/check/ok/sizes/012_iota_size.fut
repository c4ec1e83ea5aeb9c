-- iota produces an array whose size is its argument.
-- ==
def idx (n: i64) : [n]i64 = iota n
def offset (n: i64) (k: i64) : [n]i64 = map (+ k) (iota n)
