-- Regular two-dimensional array literals.
-- ==
def m : [2][3]i32 = [[1, 2, 3], [4, 5, 6]]
def rows = length m
def cols = length m[0]
