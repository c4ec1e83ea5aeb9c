-- Simple array indexing.
def first (xs: []i32) = xs[0]
def last (xs: []i32) = xs[length xs - 1]
def at (xs: []f32) (i: i64) = xs[i]
def chained (m: [][]i32) = m[1][2]
def literal_index = [10, 20, 30][1]
