-- A map read by a reduction, a map and the result is computed once, in
-- the one screma that also computes its consumers.
-- ==
-- input { [1, 2, 3] }
-- output { 9 [4, 6, 8] [2, 3, 4] }
-- structure { Screma 1 Screma/BinOp 3 }

def main (xs: []i32) : (i32, []i32, []i32) =
  let ys = map (+ 1) xs
  in (reduce (+) 0 ys, map (* 2) ys, ys)
