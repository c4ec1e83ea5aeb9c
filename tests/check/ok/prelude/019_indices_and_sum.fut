-- indices and the numeric sum and maximum helpers.
-- ==
def weighted [n] (xs: [n]i64) = i64.sum (map2 (*) (indices xs) xs)
def peak [n] (xs: [n]f32) = f32.maximum xs
