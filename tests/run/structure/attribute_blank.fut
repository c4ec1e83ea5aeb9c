-- `#[blank] e` may be any value of e's type: an array of zeros of its
-- shape, so that what e would compute is not computed.
-- ==
-- input { [2i64, 0i64] [1.5, 2.5] } output { [2.5, 0.0, 1.5] }
-- structure { Concat 0 Replicate 1 }

def main [n] (is: [n]i64) (vs: [n]f64) : [n + 1]f64 =
  scatter (#[blank] map (\v -> v * 7) (vs ++ [1])) is vs
