-- The maps computing a histogram's buckets and values become its map.
-- ==
-- input { 3i64 [1, 5, 2, 7, 4] }
-- output { [0, 24, 14] }
-- input { 2i64 empty([0]i32) }
-- output { [0, 0] }
-- structure { Screma 0 Hist 1 Hist/BinOp 3 }

def main (n: i64) (xs: []i32) : [n]i32 =
  hist (+) 0 n (map (\x -> i64.i32 x % n) xs) (map (* 2) xs)
