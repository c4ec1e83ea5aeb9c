-- A function over vectors is given a matrix.
-- ==
-- error: Argument does not have expected type
def sum (xs: []i32) : i32 = reduce (+) 0 xs
def r = sum [[1, 2], [3, 4]]
