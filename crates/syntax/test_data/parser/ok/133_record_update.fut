-- Functional record update.
type cfg = {depth: i32, width: i32, tag: u8}
def deeper (c: cfg) : cfg = c with depth = c.depth + 1
def retag (c: cfg) : cfg = c with tag = 'x'
def twice (c: cfg) : cfg = (c with depth = 0) with width = 0
def tuple_update (p: (i32, i32)) = p with 1 = 7
