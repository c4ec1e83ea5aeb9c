-- Two scatters at the same indices are one.
-- ==
-- input { [2i64, 0i64] [7, 8] }
-- output { [8, 0, 7] [16i64, 0i64, 14i64] }
-- structure { WithAcc 1 Screma 1 WithAcc/Screma/UpdateAcc 2 }

def main (is: []i64) (vs: []i32) : ([3]i32, [3]i64) =
  ( scatter (replicate 3 0) is vs
  , scatter (replicate 3 0) is (map (\v -> i64.i32 v * 2) vs)
  )
