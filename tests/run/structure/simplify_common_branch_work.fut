-- The work both branches do alike happens once, before the branch.
-- ==
-- input { true [1, 2, 3] } output { 15 }
-- input { false [1, 2, 3] } output { 13 }
-- structure { Screma 1 If/Screma 0 }

def sum_of_squares (xs: []i32) : i32 = reduce (+) 0 (map (\x -> x * x) xs)

def main (b: bool) (xs: []i32) : i32 =
  if b then sum_of_squares xs + 1 else sum_of_squares xs - 1
