-- Mixing indices and slices across dimensions.
def first_column (m: [][]i32) = m[:, 0]
def sub_block (m: [][]i32) = m[1:, :3]
def row_tail (m: [][]i32) (r: i64) = m[r, 1:]
def plane (v: [][][]f32) = v[:, 2, ::-1]
def corner (m: [][]u8) = m[:2, :2]
