-- A map passing rows of its inputs on (zipping rows) is a nest of maps
-- as deep as a transposition of its result needs: the transposition
-- moves to its inputs and the map fuses with the one reading it.
-- ==
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] }
-- output { [[6, 10], [8, 12]] }
-- structure { Screma 2 Rearrange 2 }

def main (xss: [][]i32) (yss: [][]i32) : [][]i32 =
  let zs = map2 zip xss yss
  in map (map (\(x, y) -> x + y)) (transpose zs)
