-- A size parameter that only a function-typed parameter names, given by
-- the size of an expression's result the checker leaves existential (a
-- `filter`'s): the function sees the size that result has.
-- ==
-- entry: count_after
-- input { [4, -1, 7, 0, 2] } output { 4i64 }
-- input { [-3, -2] } output { 1i64 }

-- ==
-- entry: padded_width
-- input { [[1, 2], [3, 4], [5, 6]] } output { 3i64 }

def one_more [n] (_: [n]i32 -> i32) : [n]i32 -> i64 =
  let width = n + 1
  in \_ -> width

entry count_after (xs: []i32) =
  filter (> 0) xs |> one_more (\_ -> 0)

entry padded_width (rows: [][]i32) =
  map (\r -> r[0]) rows |> filter (> 1) |> one_more (\_ -> 0)
