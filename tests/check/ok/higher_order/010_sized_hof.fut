-- A higher-order function preserving an array size.
-- ==
def mapper [n] (f: i32 -> i32) (xs: [n]i32) : [n]i32 = map f xs
def r = mapper (\x -> x * x) [1, 2, 3]
