-- A filtered array that is also returned is built as before; the
-- reduction reads it.
-- ==
-- input { [1, -2, 3] }
-- output { 4 [1, 3] }
-- input { empty([0]i32) }
-- output { 0 empty([0]i32) }
-- structure { WithAcc 1 }

def main (xs: []i32) : (i32, []i32) =
  let ys = filter (> 0) xs
  in (reduce (+) 0 ys, ys)
