-- A chain of maps ending in a reduction is fused into one screma, which
-- computes all three operators.
-- ==
-- input { [1, 2, 3, 4] } output { 34 }
-- input { empty([0]i32) } output { 0 }
-- structure { Screma 1 Screma/BinOp 3 }

def main (xs: []i32) : i32 =
  xs |> map (\x -> x * x) |> map (+ 1) |> reduce (+) 0
