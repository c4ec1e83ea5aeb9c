-- Arguments that are projections or indexing expressions.
def f (x: i32) (y: i32) = x + y
def by_field (r: {a: i32, b: i32}) = f r.a r.b
def by_index (xs: []i32) = f xs[0] xs[1]
def by_tuple (p: (i32, i32)) = f p.0 p.1
def by_paren_field (r: {a: i32}) = f (r).a 0
def by_module = f i32.highest i32.lowest
