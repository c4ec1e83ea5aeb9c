-- Entry points that are partial applications or lambdas (point-free style).
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] }
-- output { [2i32, 3i32, 4i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: scale
-- input { [0.5f32, -1.0f32] }
-- output { [1.0f32, -2.0f32] }

-- ==
-- entry: sum2
-- input { [1i32, 2i32] [10i32] }
-- output { 13i32 }

-- ==
-- entry: add_pairs
-- input { [1i64, 2i64] [3i64, 4i64] }
-- output { [4i64, 6i64] }

-- Entry points defined by partial application, without explicit parameters.
entry main = map (+ 1)

entry scale : []f32 -> []f32 = map (* 2)

entry sum2 : []i32 -> []i32 -> i32 = \xs ys -> i32.sum xs + i32.sum ys

entry add_pairs = map2 (i64.+)
