-- transpose, flatten and reverse.
-- ==
def columns [n] [m] (a: [n][m]u8) : [m][n]u8 = transpose a
def flat_rev [n] [m] (a: [n][m]u8) = reverse (flatten a)
