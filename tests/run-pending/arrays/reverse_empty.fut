-- reverse and negative-stride slices of empty arrays yield empty arrays.
-- ==
-- entry: main
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) 0i64 }
-- input { [1i32, 2i32, 3i32] }
-- output { [3i32, 2i32, 1i32] [3i32, 2i32, 1i32] [3i32, 1i32] 3i64 }

-- ==
-- entry: rows
-- input { empty([0][2]i32) }
-- output { empty([0][2]i32) empty([0][2]i32) }
-- input { empty([2][0]i32) }
-- output { empty([2][0]i32) empty([2][0]i32) }

-- Reversing empty arrays, directly and through negative-stride slices.
def main (xs: []i32) = (reverse xs, xs[::-1], xs[::-2], length (reverse xs))

entry rows (m: [][]i32) = (reverse m, map reverse m)
