-- An unflattened map is computed as a nest over the unflattened input,
-- and then fuses with the nest that reads it.
-- ==
-- input { [1, 2, 3, 4, 5, 6] }
-- output { [[4, 6, 8], [10, 12, 14]] }
-- structure { Screma 2 /Screma 1 }

def main (xs: [6]i32) : [2][3]i32 =
  map (map (* 2)) (unflatten (map (+ 1) xs :> [2 * 3]i32))
