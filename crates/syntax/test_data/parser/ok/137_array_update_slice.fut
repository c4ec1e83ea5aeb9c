-- Updating a slice and a field of an array element.
def fill_prefix (xs: *[]i32) (ys: [3]i32) = xs with [0:3] = ys
def set_col (m: *[][]f32) (col: []f32) = m with [:, 0] = col
def elem_field (ps: *[](i32, f32)) = ps with [2].1 = 0.5
