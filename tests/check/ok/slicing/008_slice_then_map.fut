-- Slices used as arguments to array functions.
-- ==
def shifted_sum [n] (xs: [n]i32) = reduce (+) 0 (map (* 2) xs[1:])
def diffs [n] (xs: [n]i32) = map2 (-) (tail xs) (init xs)
