-- The consumer reads an element of the producer's input after an
-- in-place update of it: the producer must read the input before the
-- update, and the consumer after, so they stay apart.
-- ==
-- input { [1, 2, 3] }
-- output { [9, 2, 3] [27, 36, 45] }
-- structure { Screma 2 }

def main (xs: *[]i32) : ([]i32, []i32) =
  let ys = map (+ 2) xs
  let xs[0] = 9
  let zs = map (* xs[0]) ys
  in (xs, zs)
