-- A map over the positions of an array that gathers at its own position
-- maps over the array instead, and fuses with its producer.
-- ==
-- input { [1, 2, 3] }
-- output { [4, 9, 16] }
-- structure { Screma 1 Index 0 }

def main [n] (xs: [n]i32) : [n]i32 =
  let ys = map (+ 1) xs
  in map (\i -> ys[i] * ys[i]) (iota n)
