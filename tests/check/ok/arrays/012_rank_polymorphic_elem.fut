-- Arrays of arrays passed where an element type parameter is expected.
-- ==
def first [n] 't (xs: [n]t) = xs[0]
def row = first [[1, 2], [3, 4]]
def v : i32 = row[1]
