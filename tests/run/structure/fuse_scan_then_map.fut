-- A map over the values of a scan becomes the scan's post lambda.
-- ==
-- input { [1, 2, 3, 4] }
-- output { [1, 3, 6, 10] [2, 6, 12, 20] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- structure { Screma 1 }

def main (xs: []i32) : ([]i32, []i32) =
  let sums = scan (+) 0 xs
  in (sums, map (* 2) sums)
