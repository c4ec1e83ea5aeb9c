-- Left and right shifts on signed 64-bit integers.
-- ==
def f (x: i64) = (x << 3) >> 1
def g (x: i64) (n: i64) = x >> n
