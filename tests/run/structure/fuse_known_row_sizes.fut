-- A map's rows have the sizes its type gives (here a loop's result of
-- a parameter's size): nothing computes their size from a first row,
-- and the map fuses with the scan and the map reading its results.
-- ==
-- input { 3i64 [1, 2] }
-- output { [3, 7] }
-- input { 0i64 empty([0]i32) }
-- output { empty([0]i32) }
-- structure { Screma 1 }

def main (k: i64) (xs: []i32) : []i32 =
  let (as, bs) =
    unzip (map (\x -> (x, loop acc = replicate k x for i < k do acc with [i] = acc[i] * 2)) xs)
  let sums = scan (+) 0 as
  in map2 (\s b -> s + b[k - 1]) sums bs
