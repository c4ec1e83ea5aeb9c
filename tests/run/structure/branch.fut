-- A map in one branch of an if.
-- ==
-- input { true [1, 2] } output { [2, 3] }
-- input { false [1, 2] } output { [1, 2] }
-- structure { If 1 /If/True 1 If/True/Screma 1 If/False/Screma 0 }

def main (b: bool) (xs: []i32) : []i32 =
  if b then map (+ 1) xs else xs
