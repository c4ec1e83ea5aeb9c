-- In-place update of a unique array parameter with `with`.
-- ==
def set (xs: *[]i32) (i: i64) (v: i32) = xs with [i] = v
def clear_first [n] (xs: *[n]f32) : *[n]f32 = xs with [0] = 0
