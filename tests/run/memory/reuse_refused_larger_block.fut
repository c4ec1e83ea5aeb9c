-- A map over an updated copy whose result the concatenation after it
-- was coalesced into: the map's block holds the whole concatenation and
-- the copy's block is too small for it, so the map keeps its block
-- (taking the copy's over wrote past its end). Two allocations: the copy
-- and the concatenation.
-- ==
-- input { [7i64, -13i64, 20i64, 17i64, 3i64] }
-- output { [9i64, -26i64, 40i64, 34i64, 6i64, 7i64, -13i64, 20i64, 17i64, 3i64] }
-- input { [1i64] }
-- output { [3i64, 1i64] }
-- structure mc-mem { Alloc 2 }

def main [n] (ys: [n]i64) =
  map2 (+) (copy ys with [0] = 2) ys ++ ys
