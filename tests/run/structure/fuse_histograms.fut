-- Two histograms over the same array are computed together.
-- ==
-- input { [1, 5, 2, 7, 4] }
-- output { [1, 2, 1, 1] [4, 5, 2, 7] }
-- structure { Screma 0 Hist 1 }

def main (xs: []i32) : ([4]i32, [4]i32) =
  let bucket x = i64.i32 (x & 3)
  in ( hist (+) 0 4 (map bucket xs) (map (\_ -> 1) xs)
     , hist i32.max i32.lowest 4 (map bucket xs) xs
     )
