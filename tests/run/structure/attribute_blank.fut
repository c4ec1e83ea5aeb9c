-- `#[blank] e` may be any value of e's type: here an array of zeros of
-- its shape, so that what e would compute is not computed. The scatter
-- writes every element, so the result does not depend on the blank.
-- ==
-- input { [2i64, 0i64, 1i64] [1.5, 2.5, 3.5] } output { [2.5, 3.5, 1.5] }
-- structure { Concat 0 Replicate 1 }

def main [n] (is: [n]i64) (vs: [n]f64) : [n]f64 =
  let dest = #[blank] map (\v -> v * 7) (vs ++ [1] :> [n + 1]f64)
  in scatter (copy dest[:n]) is vs
