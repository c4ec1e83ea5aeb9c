-- Size coercions with :>.
def to_n [n] (xs: []i32) : [n]i32 = xs :> [n]i32
def pad [n] (xs: [n]f32) (m: i64) = xs ++ replicate (m - n) 0 :> [m]f32
def coerced_matrix [r] [c] (m: [][]u8) = m :> [r][c]u8
def chained [n] (xs: []i32) = (xs :> [n]i32) : [n]i32
