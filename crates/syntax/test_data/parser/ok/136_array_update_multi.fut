-- Multi-dimensional array update.
def set_cell (m: *[][]u8) (r: i64) (c: i64) = m with [r, c] = 1
def set_row [n] (m: *[][n]i32) (r: i64) (row: [n]i32) = m with [r] = row
def set_3d (v: *[][][]f32) = v with [0, 1, 2] = 3.0
