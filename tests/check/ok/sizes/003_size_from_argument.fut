-- A return size given by the name of a value parameter.
-- ==
def zeros (n: i64) : [n]f32 = replicate n 0
def z : [3]f32 = zeros 3
