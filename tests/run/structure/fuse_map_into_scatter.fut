-- The maps computing a scatter's indices and values become its map: one
-- screma in all, the scatter's.
-- ==
-- input { [0, 0, 0, 0] [0i64, 2i64, 7i64] }
-- output { [0, 0, 0, 2] }
-- input { [5, 5] empty([0]i64) }
-- output { [5, 5] }
-- structure { Screma 1 WithAcc 1 /WithAcc/Screma/ConvOp 1 }

def main (dest: *[]i32) (is: []i64) : []i32 =
  scatter dest (map (+ 1) is) (map i32.i64 is)
