-- Two parameters constrained to the same size by a size parameter.
-- ==
def add [n] (a: [n]i32) (b: [n]i32) : [n]i32 = map2 (+) a b
def r = add [1, 2] [3, 4]
