-- take, drop, head, last, tail, init.
-- ==
-- entry: main
-- input { 0i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { empty([0]i32) [1i32, 2i32, 3i32, 4i32, 5i32] }
-- input { 2i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 2i32] [3i32, 4i32, 5i32] }
-- input { 5i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32] empty([0]i32) }

-- ==
-- entry: ends
-- input { [4i32, 5i32, 6i32] }
-- output { 4i32 6i32 [5i32, 6i32] [4i32, 5i32] }
-- input { [9i32] }
-- output { 9i32 9i32 empty([0]i32) empty([0]i32) }

def main (k: i64) (xs: []i32) = (take k xs, drop k xs)

entry ends (xs: []i32) = (head xs, last xs, tail xs, init xs)
