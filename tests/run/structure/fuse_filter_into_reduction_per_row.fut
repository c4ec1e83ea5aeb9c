-- A filter and a reduction inside a map fuse as they do outside one.
-- ==
-- input { [[1, -1, 2], [0, 0, 0], [-5, 5, 5]] }
-- output { [3, 0, 10] }
-- input { empty([0][3]i32) }
-- output { empty([0]i32) }
-- input { [empty([0]i32), empty([0]i32)] }
-- output { [0, 0] }
-- structure { /Screma 1 /Screma/Screma 1 WithAcc 0 }

def main (rows: [][]i32) : []i32 =
  map (\row -> i32.sum (filter (> 0) row)) rows
