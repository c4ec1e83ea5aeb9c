-- A type abbreviation with a size parameter applied to sizes.
-- ==
type vec [n] = [n]f64
def zero3 : vec [3] = [0, 0, 0]
def scale [n] (k: f64) (v: vec [n]) : vec [n] = map (* k) v
