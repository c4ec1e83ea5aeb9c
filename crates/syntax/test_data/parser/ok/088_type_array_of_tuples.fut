-- Arrays of tuples and records, and tuples of arrays.
type edges = [](i32, i32)
type weighted = []{from: i32, to: i32, w: f32}
type soa [n] = ([n]f32, [n]f32)
def unzip_edges (es: edges) : ([]i32, []i32) = unzip es
