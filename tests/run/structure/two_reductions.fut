-- Two reductions of one array are fused into one screma.
-- ==
-- input { [3, 9, 2] } output { 14 9 }
-- structure { /Screma 1 }

def main (xs: []i32) : (i32, i32) =
  (reduce (+) 0 xs, reduce i32.max i32.lowest xs)
