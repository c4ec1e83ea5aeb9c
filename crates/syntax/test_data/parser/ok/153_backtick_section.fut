-- Backtick operators inside sections.
def clamp_low (xs: []i32) = map (`i32.max` 0) xs
def clamp_high (xs: []i32) = map (100 `i32.min`) xs
def as_fun = (`i32.max`)
