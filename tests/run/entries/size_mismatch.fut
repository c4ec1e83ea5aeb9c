-- Entry-point arguments of mismatched sizes are rejected at run time.
-- ==
-- entry: sized
-- input { [1i32, 2i32, 3i32] [1i32] }
-- error: invalid sizes
-- input { [1i32] [1i32] }
-- output { [0i32] }

-- ==
-- entry: first
-- input { [1i32, 2i32, 3i32] [1i32] }
-- error: invalid sizes
-- input { [4i32] [1i32] }
-- output { [4i32] }

-- A size mismatch between arguments that must share a size is reported
-- when the entry point is called.
entry sized [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (-) xs ys

-- Even when the body would not notice.
entry first [n] (xs: [n]i32) (_: [n]i32) : [n]i32 = xs
