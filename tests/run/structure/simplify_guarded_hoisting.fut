-- An index that does not depend on the iteration moves in front of the
-- loop, in a branch on whether the loop runs at all: it still fails
-- only if the loop would have.
-- ==
-- input { 3i64 [1, 2, 3] 1i64 } output { 27 }
-- input { 0i64 [1, 2, 3] 7i64 } output { 1 }
-- input { 2i64 [1, 2, 3] 7i64 } error: Index \[7\] out of bounds
-- structure { /Loop/Index 0 /If/True/Index 1 }

def main (n: i64) (xs: []i32) (j: i64) : i32 =
  loop acc = 1 for _i < n do acc * (xs[j] + 1)
