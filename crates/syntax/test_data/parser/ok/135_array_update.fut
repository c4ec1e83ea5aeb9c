-- Functional array update with 'with'.
def set0 (xs: *[]i32) = xs with [0] = 99
def set_at (xs: *[]f32) (i: i64) (v: f32) = xs with [i] = v
def set_computed (xs: *[]i32) (i: i64) = xs with [i + 1] = xs[i] * 2
