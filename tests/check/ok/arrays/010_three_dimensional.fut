-- A three-dimensional array type and literal.
-- ==
def cube : [2][2][2]i32 = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
def corner = cube[1, 1, 1]
def plane : [2][2]i32 = cube[0]
