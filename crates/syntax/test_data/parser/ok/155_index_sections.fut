-- Indexing sections.
def heads (xss: [][]i32) = map (.[0]) xss
def cells (m: [][][]f32) = map (.[1, 2]) m
def slices (xss: [][]i32) = map (.[1:]) xss
def field_then_index (rs: []{data: []i32}) = map (.data[0]) rs
def index_then_field (xs: [][]{v: i32}) = map (.[0].v) xs
