-- Anonymous sizes written as empty brackets.
type ints = []i32
type grid = [][]u8
def total (xs: []i32) = reduce (+) 0 xs
def flatten_it (m: [][]f32) : []f32 = flatten m
def mixed [n] (m: [n][]i32) = n
