-- A map over a consumed array writes its results where the array was:
-- each point reads its own element before writing its result there.
-- With elements of another type of the same size too.
-- ==
-- entry: add
-- input { [1, 2, 3] [10, 20, 30] }
-- output { [11, 22, 33] }
-- structure mc-mem { Alloc 0 }

-- ==
-- entry: convert
-- input { [1, -2, 3] }
-- output { [1.0f32, -2.0f32, 3.0f32] }
-- structure mc-mem { Alloc 0 }

entry add [n] (xs: *[n]i32) (ys: [n]i32) : *[n]i32 = map2 (+) xs ys

entry convert [n] (xs: *[n]i32) : *[n]f32 = map f32.i32 xs
