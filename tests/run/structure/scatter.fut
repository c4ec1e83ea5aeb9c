-- A scatter is counted as upstream writes it: through an accumulator
-- updated by a map.
-- ==
-- input { [0, 0, 0] [2i64, 0i64] [7, 8] } output { [8, 0, 7] }
-- structure { WithAcc 1 /WithAcc/Screma 1 WithAcc/Screma/UpdateAcc 1 Scatter 0 }

def main (dest: *[]i32) (is: []i64) (vs: []i32) : []i32 =
  scatter dest is vs
