-- Slices whose bounds exceed the array, or whose start lies after the end,
-- fail at run time; so do slice updates.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] 1i64 5i64 }
-- error: Index \[1:5\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] 2i64 1i64 }
-- error: out of bounds
-- input { [1i32, 2i32, 3i32] 1i64 3i64 }
-- output { [2i32, 3i32] }

-- ==
-- entry: strided
-- input { [1i32, 2i32, 3i32] 2i64 }
-- error: out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] 2i64 }
-- output { [1i32, 3i32, 5i32] }

-- ==
-- entry: update
-- input { [1i32, 2i32, 3i32] 2i64 }
-- error: out of bounds
-- input { [1i32, 2i32, 3i32] 1i64 }
-- output { [1i32, 7i32, 8i32] }

def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]

entry strided (xs: []i32) (s: i64) = xs[0:5:s]

entry update (xs: *[]i32) (i: i64) = xs with [i:i + 2] = [7, 8]
