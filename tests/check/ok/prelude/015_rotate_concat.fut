-- rotate and concat.
-- ==
def rot [n] (xs: [n]i32) = rotate 1 xs
def joined [n] [m] (a: [n]i32) (b: [m]i32) : [n + m]i32 = concat a b
