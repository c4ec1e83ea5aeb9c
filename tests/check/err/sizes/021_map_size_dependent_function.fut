-- A function whose result size is its argument cannot be mapped: the
-- element type of the result would need a size naming each argument.
-- ==
-- error: type containing anonymous sizes
def zeros (k: i64) : [k]f32 = replicate k 0
def table (ks: []i64) = map zeros ks
