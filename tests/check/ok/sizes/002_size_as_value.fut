-- A size parameter used as an ordinary i64 value.
-- ==
def len [n] (_: [n]f32) = n
def mean [n] (xs: [n]f32) = reduce (+) 0 xs / f32.i64 n
