-- Uniqueness markers on array types.
def fresh (n: i64) : *[n]i32 = replicate n 0
def overwrite (xs: *[]i32) : *[]i32 = xs with [0] = 1
def nested_unique (m: *[][]f32) : *[][]f32 = m
type^ consumer = *[]u8 -> i64
