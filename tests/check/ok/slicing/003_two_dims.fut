-- Slicing two dimensions at once.
-- ==
def inner [n] [m] (a: [n][m]f32) = a[1:, :2]
def col [n] [m] (a: [n][m]f32) (j: i64) : [n]f32 = a[:, j]
