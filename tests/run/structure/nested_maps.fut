-- A reduction in a map: paths name the enclosing screma.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [3, 7, 11] }
-- structure { /Screma 1 /Screma/Screma 1 Screma 2 }

def main (xss: [][]i32) : []i32 =
  map (\xs -> reduce (+) 0 xs) xss
