-- A size-parametric abbreviation is used in a return type without a size.
-- ==
-- error: Type "vec" takes 1 arguments, but is given 0
type vec [n] = [n]f32
def zeros (n: i64) : vec = replicate n 0
