-- Out-of-bounds indexing and in-place updates fail at run time with
-- upstream's message; in-bounds runs of the same entry points succeed.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] 5i64 }
-- error: Index \[5\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] -1i64 }
-- error: Index \[-1\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] 2i64 }
-- output { 3i32 }
-- input { empty([0]i32) 0i64 }
-- error: Index \[0\] out of bounds for array of shape \[0\]

-- ==
-- entry: two_d
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 1i64 3i64 }
-- error: Index \[1, 3\] out of bounds for array of shape \[2\]\[3\]
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 1i64 2i64 }
-- output { 6i32 }

-- ==
-- entry: update
-- input { [1i32, 2i32, 3i32] 3i64 }
-- error: Index \[3\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] 0i64 }
-- output { [0i32, 2i32, 3i32] }

-- ==
-- entry: in_map
-- input { [1i32, 2i32] [0i64, 1i64, 2i64] }
-- error: Index \[2\] out of bounds
-- input { [1i32, 2i32] [1i64, 1i64, 0i64] }
-- output { [2i32, 2i32, 1i32] }

-- ==
-- entry: row
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 5i64 }
-- error: Index \[5\] out of bounds for array of shape \[2\]
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 1i64 }
-- output { [4i32, 5i32, 6i32] }

def main (xs: []i32) (i: i64) = xs[i]

entry two_d (m: [][]i32) (i: i64) (j: i64) = m[i, j]

entry update (xs: *[]i32) (i: i64) = xs with [i] = 0

entry in_map (xs: []i32) (is: []i64) = map (\i -> xs[i]) is

-- Upstream's compiled backends name only the indexed dimensions, its
-- interpreter the whole shape; the regex accepts both.
entry row (m: [][]i32) (i: i64) = m[i]
