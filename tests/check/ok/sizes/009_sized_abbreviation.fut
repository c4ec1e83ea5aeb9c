-- A type abbreviation with a size parameter.
-- ==
type vec [n] = [n]f64
def dot [n] (a: vec [n]) (b: vec [n]) : f64 = reduce (+) 0 (map2 (*) a b)
