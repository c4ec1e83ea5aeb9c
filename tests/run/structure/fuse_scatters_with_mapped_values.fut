-- Two scatters of one width, each fused with a map whose results are
-- also returned, become one scatter giving both maps' values besides
-- its writes.
-- ==
-- input { [0i64, 1i64, 5i64] [1, 2, 3] [0, 0, 0] [0, 0] }
-- output { [2, 3, 0] [20, 0] [2, 3, 4] [10, 20, 30] }
-- structure { Screma 1 WithAcc 1 }

def main [k] [n] [m] (is: [k]i64) (vs: [k]i32) (a: *[n]i32) (b: *[m]i32) =
  let xs = map (+ 1) vs
  let ys = map (* 10) vs
  let a' = scatter a is xs
  let b' = scatter b (map (\i -> i - 1) is) ys
  in (a', b', xs, ys)
