-- A branch whose two results are computed alike, where the first is
-- then updated in place: the two are separate arrays, so the update
-- leaves the second alone (sharing one array between them would show
-- the update in both).
-- ==
-- input { true } output { [7, 5, 5] [5, 5, 5] }
-- input { false } output { [7, 9, 9] [9, 9, 9] }

def main (low: bool) : ([]i32, []i32) =
  let (marked, kept) =
    if low
    then (replicate 3 5, replicate 3 5)
    else (replicate 3 9, replicate 3 9)
  let marked[0] = 7
  in (marked, kept)
