-- A transposed nest of maps is computed over the transposed input, and
-- then fuses with the nest that reads it.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[6, 15], [9, 18], [12, 21]] }
-- structure { Screma 2 /Screma 1 Rearrange 1 }

def main (xss: [][]i32) : [][]i32 =
  let ys = map (map (+ 1)) xss
  in map (map (* 3)) (transpose ys)
