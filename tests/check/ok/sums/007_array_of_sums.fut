-- Mapping over an array of sum values.
-- ==
type num = #int i64 | #real f64
def to_f64 (x: num) = match x case #int i -> f64.i64 i case #real r -> r
def total [n] (xs: [n]num) = reduce (+) 0 (map to_f64 xs)
