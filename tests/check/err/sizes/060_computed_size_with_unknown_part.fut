-- A size computed from a size nobody knows (the length of a `filter`)
-- shows the unknown part as "?", never as an empty size, and says what
-- made it.
-- ==
-- error: Sizes "m" and "\? \* 2" do not match.\n"\?" is unknown size returned by function

def doubled [n] (xs: [n]i32) : [n * 2]i32 = map (\i -> xs[i % n]) (iota (n * 2))

def add [m] (xs: [m]i32) (ys: []i32) : [m]i32 =
  map2 (+) xs (doubled (filter (> 0) ys))
