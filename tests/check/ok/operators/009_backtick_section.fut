-- Sections built from backticked functions.
-- ==
def clip [n] (xs: [n]i32) = map (`i32.max` 0) xs
def floor_at [n] (xs: [n]i32) = map (0 `i32.max`) xs
