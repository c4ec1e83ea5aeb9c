-- A function over vectors is given a matrix.
-- ==
-- error: Cannot apply "sum" to "\[\[1, 2\], \[3, 4\]\]" \(invalid type\)
def sum (xs: []i32) : i32 = reduce (+) 0 xs
def r = sum [[1, 2], [3, 4]]
