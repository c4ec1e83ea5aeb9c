-- Transposition swaps the two size parameters.
-- ==
def flip_m [n] [m] (a: [n][m]i32) : [m][n]i32 = transpose a
def twice [n] [m] (a: [n][m]i32) : [n][m]i32 = transpose (transpose a)
