-- Updating an element and a slice of a matrix.
-- ==

def main (m: *[][]i32) (row: []i32) : [][]i32 =
  let m[0, 0] = 1
  let m[1] = row
  in m with [2, 1:3] = [7, 8]
