-- head, last, tail, init and length.
-- ==
def ends [n] (xs: [n]u16) = (head xs, last xs)
def middle [n] (xs: [n]u16) = init (tail xs)
def n_inner [n] (xs: [n]u16) = length (middle xs)
