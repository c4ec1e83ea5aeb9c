-- An index known only to be below the array's size may still be
-- negative: the read keeps its bounds check, also where its value is
-- written back unchanged.
-- ==
-- entry: read
-- input { [1, 2, 3] -1i64 }
-- error: Index \[-1\] out of bounds
-- input { [1, 2, 3] 2i64 }
-- output { 3 }
-- input { [1, 2, 3] 3i64 }
-- output { 0 }

-- ==
-- entry: write_back
-- input { [1, 2, 3] -2i64 }
-- error: Index \[-2\] out of bounds
-- input { [1, 2, 3] 1i64 }
-- output { [1, 2, 3] }

entry read [n] (xs: [n]i32) (i: i64) : i32 =
  if i < n then xs[i] else 0

entry write_back [n] (xs: *[n]i32) (i: i64) : *[n]i32 =
  if i < n then xs with [i] = xs[i] else xs
