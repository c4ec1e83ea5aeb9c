-- The body may not tie a loop parameter's size to the size of an
-- expression over the parameter itself: the parameter is not in scope
-- where its size is made.
-- ==
-- error: "acc" is not in scope

def grow (xs: []i64) =
  loop acc = xs for _i < 2 do
    map2 (+) acc (iota (i64.sum acc))
