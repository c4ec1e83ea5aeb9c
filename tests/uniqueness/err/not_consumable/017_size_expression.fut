-- An expression in a parameter's size may not consume anything.
-- ==
-- error: Consuming variable "counts", which is not consumable
-- related: size

def total (xs: *[]i64) : i64 = i64.sum xs

def weigh [m] (counts: *[m]i64) (w: [total counts]f32) : i64 = m + length w
