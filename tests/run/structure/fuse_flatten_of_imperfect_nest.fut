-- A flattened nest whose outer map computes a scalar from its row and
-- whose inner map reads an array bound outside is made perfect (both
-- read as replicated inputs), and then fuses with the map that reads
-- the flattened array.
-- ==
-- input { [1, 2, 3] [4, 5] }
-- output { [10, 12, 19, 23, 28, 34] }
-- input { empty([0]i32) [4, 5] }
-- output { empty([0]i32) }
-- input { [1, 2] empty([0]i32) }
-- output { empty([0]i32) }
-- structure { Screma 1 }

def main (xs: []i32) (ys: []i32) : []i32 =
  map (\x -> let d = x * 2 in map (\y -> d * y + x) ys) xs
  |> flatten
  |> map (+ 1)
