-- A row computed from the destination's row it replaces (reversed):
-- made in place, it would overwrite elements before reading them, so it
-- gets memory of its own.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 }
-- output { [[1, 2, 3], [9, 8, 7]] }
-- structure seq-mem { Alloc 1 }

def main [n] [m] (xss: *[n][m]i32) (i: i64) : *[n][m]i32 =
  let reversed = map (\j -> xss[i, m - 1 - j] + 3) (iota m)
  in xss with [i] = reversed
