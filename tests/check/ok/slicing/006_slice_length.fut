-- The length of a slice with an unknown size.
-- ==
def tail_len [n] (xs: [n]u8) = length xs[1:]
def window [n] (xs: [n]u8) (a: i64) (b: i64) = length xs[a:b]
