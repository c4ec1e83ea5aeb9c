-- Sizes can be arbitrary expressions.
def append_one [n] (xs: [n]i32) : [n + 1]i32 = xs ++ [1] :> [n + 1]i32
def flat [n] [m] (xss: [n][m]f32) : [n * m]f32 = flatten xss
def halves [n] (xs: [n * 2]i32) : [n]i32 = xs[0:n]
def paren_size [n] (xs: [(n)]u8) = xs
