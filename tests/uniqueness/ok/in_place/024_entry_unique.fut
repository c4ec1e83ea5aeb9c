-- An entry point may consume its unique parameters.
-- ==

entry set (xs: *[]f32) (i: i64) (v: f32) : []f32 = xs with [i] = v

entry both (a: *[]i64) (b: *[]i64) : ([]i64, []i64) = (a with [0] = 1, b with [0] = 2)
