-- Flattening a matrix has the product of its sizes.
-- ==
def flat [n] [m] (a: [n][m]i32) : [n * m]i32 = flatten a
def back [n] [m] (a: [n][m]i32) : [n][m]i32 = unflatten (flatten a)
