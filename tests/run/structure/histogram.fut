-- A histogram holds its operator.
-- ==
-- input { 3i64 [0i64, 2i64, 2i64, 5i64] } output { [1, 0, 2] }
-- structure { Hist 1 Hist/BinOp 1 }

def main (n: i64) (is: []i64) : []i32 =
  hist (+) 0 n is (map (\_ -> 1) is)
