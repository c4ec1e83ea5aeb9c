-- Indexing several dimensions at once.
def cell (m: [][]i32) (i: i64) (j: i64) = m[i, j]
def voxel (v: [][][]u8) = v[0, 1, 2]
def with_exprs (m: [][]f32) (k: i64) = m[k * 2, k + 1]
def negative_idx (xs: []i32) = xs[-1]
