-- Conversions between booleans and numbers.
-- ==
def count_true [n] (bs: [n]bool) = i32.sum (map i32.bool bs)
def to_bool (x: i8) = bool.i8 x
