-- Multi-dimensional in-place updates.
def set_cell (grid: *[][]u8) (r: i64) (c: i64) =
  let grid[r, c] = 1
  in grid
def set_row [n] (m: *[][n]i32) (row: [n]i32) =
  let m[0] = row
  let m[1, :] = row
  in m
