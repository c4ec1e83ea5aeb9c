-- Parameter names used in the return type.
def zeros (n: i64) : [n]f32 = replicate n 0
def grid (rows: i64) (cols: i64) : [rows][cols]i32 = replicate rows (replicate cols 0)
def one_more [n] (xs: [n]i32) : [n + 1]i32 = xs ++ [0] :> [n + 1]i32
