-- A flattened nest whose outer map computes a scalar that can fail is
-- not made perfect: the scalar would be computed only where the inner
-- map has elements, and a division by zero in a row with no elements
-- would go unreported.
-- ==
-- input { [1, 2] [4, 5] }
-- output { [41, 51, 21, 26] }
-- input { [1, 0] empty([0]i32) }
-- error: division by zero
-- structure { Screma 3 /Screma 2 }

def main (xs: []i32) (ys: []i32) : []i32 =
  map (\x -> let d = 10 / x in map (\y -> d * y) ys) xs
  |> flatten
  |> map (+ 1)
