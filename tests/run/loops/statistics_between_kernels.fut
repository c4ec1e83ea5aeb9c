-- A loop whose iterations compute a statistic of an array (a sum, and a
-- quotient of it that can fail) and pass it to the next parallel
-- operation. The OpenCL back end computes the statistic on the device
-- and the map reads it from there; results and failures are as
-- everywhere else.
-- ==
-- input { [1, 2, 3] 2i64 }
-- output { [18, 19, 20] }
-- input { [5] 0i64 }
-- output { [5] }
-- input { [1, -1] 1i64 }
-- error: division by zero

def main [n] (xs: [n]i32) (k: i64) : [n]i32 =
  loop xs for _i < k do
    let total = i32.sum xs
    let step = 100 / total
    in map (+ step) xs
