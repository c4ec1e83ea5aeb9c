-- The consumer reads an element of the producer's input after an
-- in-place update of it (at an index not known before running): the
-- producer must read the input before the update, and the consumer
-- after, so they stay apart.
-- ==
-- input { 0i64 [1, 2, 3] }
-- output { [9, 2, 3] [27, 36, 45] }
-- input { 1i64 [1, 2, 3] }
-- output { [1, 9, 3] [3, 4, 5] }
-- structure { Screma 2 }

def main (i: i64) (xs: *[]i32) : ([]i32, []i32) =
  let ys = map (+ 2) xs
  let xs[i] = 9
  let zs = map (* xs[0]) ys
  in (xs, zs)
