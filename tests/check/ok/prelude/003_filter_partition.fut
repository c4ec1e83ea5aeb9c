-- filter and partition produce arrays of unknown size.
-- ==
def odds [n] (xs: [n]i32) = filter (\x -> x % 2 == 1) xs
def split_sign [n] (xs: [n]i32) = partition (< 0) xs
def n_neg [n] (xs: [n]i32) = length (split_sign xs).0
