-- An entry point consuming a unique array.
-- ==
entry zero_first (xs: *[]i32) : *[]i32 = xs with [0] = 0
