-- A scatter whose map also gives values (a fused map whose results are
-- used elsewhere) fuses with a later scatter and a map that read those
-- values: one scatter writes both destinations.
-- ==
-- input { [0i64, 1i64, 4i64] [1, 2, 3] [0, 0, 0, 0] }
-- output { [0, 0, 1, 4] [0, 0, 0, 3] [2, 8, 30] }
-- input { empty([0]i64) empty([0]i32) [7] }
-- output { [7] [0] empty([0]i32) }
-- structure { Screma 1 WithAcc 1 }

def main [k] [n] (is: [k]i64) (vs: [k]i32) (a: *[n]i32) =
  let js = map (+ 2) is
  let ws = map2 (\i v -> v * i32.i64 (i + 1)) is vs
  let a' = scatter a js ws
  let us = map (\w -> w - 1) ws
  let b = scatter (replicate n 0) js us
  in (a', b, map (* 2) ws)
