-- Entry points check every size their parameters' types give: constants,
-- expressions of other parameters, other parameters, and sizes the
-- checker inferred for an anonymous `[]`.
-- ==
-- entry: three
-- input { [1, 2, 3] } output { 6 }
-- input { [1, 2] } error: invalid sizes
-- input { [1, 2, 3, 4] } error: invalid sizes

entry three (xs: [3]i32) : i32 = i32.sum xs

-- ==
-- entry: one_more
-- input { 2i64 [4, 5, 6] } output { 15 }
-- input { 2i64 [4, 5] } error: invalid sizes

entry one_more (n: i64) (xs: [n + 1]i32) : i32 = i32.sum xs

-- ==
-- entry: rows_of
-- input { 2i64 [[1, 2], [3, 4]] } output { 10 }
-- input { 3i64 [[1, 2], [3, 4]] } error: invalid sizes

entry rows_of (n: i64) (xss: [n][2]i32) : i32 = i32.sum (flatten xss)

-- ==
-- entry: inferred
-- input { [7, 8] } output { [7, 8] }
-- input { [7, 8, 9] } error: invalid sizes

entry inferred (xs: []i32) : [2]i32 = xs
