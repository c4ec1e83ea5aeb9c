-- Slices and ranges have sizes computed from their bounds, so equal
-- bounds give equal sizes.
-- ==
def window [n] (xs: [n]f32) (ys: [n]f32) (lo: i64) (hi: i64) =
  zip xs[lo:hi] ys[lo:hi]

def tails [n] (xs: [n]i32) (ys: [n]i32) = zip xs[1:] ys[1:]

def counted (k: i64) : [k]i64 = 0..<k

def shifted (k: i64) = zip (1..<k) (iota (k - 1))

def inclusive (k: i64) = zip (1...k) (iota (k - 1 + 1))
