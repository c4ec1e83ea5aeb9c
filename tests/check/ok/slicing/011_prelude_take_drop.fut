-- Prelude functions take and drop give sized slices.
-- ==
def split_at [n] (k: i64) (xs: [n]i32) = (take k xs, drop k xs)
def r = split_at 2 [1, 2, 3, 4]
