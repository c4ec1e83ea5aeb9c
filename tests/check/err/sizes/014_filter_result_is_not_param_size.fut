-- The size of a filtered array is unknown: it is not the input's size.
-- ==
-- error: Sizes "n" and "\?" do not match
def positives [n] (xs: [n]i32) : [n]i32 = filter (> 0) xs
