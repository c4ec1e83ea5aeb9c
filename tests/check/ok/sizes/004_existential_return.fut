-- An anonymous size in a return type becomes existential.
-- ==
def positives [n] (xs: [n]i32) : []i32 = filter (> 0) xs
def count [n] (xs: [n]i32) = length (positives xs)
