-- A matrix is indexed with a tuple instead of two indices.
-- ==
-- error: An index must be an integer
def f [n] (a: [n][n]i32) (ij: (i64, i64)) = a[ij]
