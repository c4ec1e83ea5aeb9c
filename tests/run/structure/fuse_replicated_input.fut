-- A `replicate` (a map of a constant) read by a map is read as its
-- value: one screma, whose map adds the constant.
-- ==
-- input { [1, 2, 3] }
-- output { [8, 9, 10] }
-- structure { Screma 1 Screma/BinOp 1 }

def main [n] (xs: [n]i32) : [n]i32 =
  map2 (+) xs (replicate n 7)
