-- Unique (consuming) parameter and return types.
def set_first (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v
def fill [n] (buf: *[n]f32) : *[n]f32 = loop buf for i < n do buf with [i] = 0
def pair_consume (a: *[]u8, b: []u8) = (a, length b)
