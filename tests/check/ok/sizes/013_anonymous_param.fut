-- Anonymous sizes in parameter types.
-- ==
def sum (xs: []i32) = reduce (+) 0 xs
def total (m: [][]i32) = sum (map sum m)
