-- A reduction over what `filter` keeps becomes one pass over the
-- unfiltered array, with the neutral element in place of each dropped
-- element: no scan, no scatter. The map after the filter runs on kept
-- elements only (the gather below would fail on dropped indices), and
-- an operator that is not commutative still sees the kept elements in
-- their order.
-- ==
-- input { [1, -2, 3, 0, 5] [0i64, 4i64, -1i64, 9i64, 2i64, 3i64] }
-- output { 18 9 2i64 }
-- input { empty([0]i32) empty([0]i64) }
-- output { 0 0 -1i64 }
-- input { [-1, -2] [7i64, 5i64] }
-- output { 0 0 -1i64 }
-- structure { Screma 2 WithAcc 0 Scatter 0 }

-- The last of the kept values, or -1 for none.
def last (x: i64) (y: i64) : i64 = if y != -1 then y else x

def main (xs: []i32) (is: []i64) : (i32, i32, i64) =
  let doubled_positives = reduce (+) 0 (map (* 2) (filter (> 0) xs))
  let gathered = i32.sum (map (\i -> xs[i]) (filter (\i -> i >= 0 && i < length xs) is))
  let last_even = reduce last (-1) (filter (\i -> i % 2 == 0) is)
  in (doubled_positives, gathered, last_even)
