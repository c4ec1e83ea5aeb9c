-- Filtering an array of pairs writes two arrays; reductions over
-- either or both of them fuse with the filter.
-- ==
-- entry: separately together
-- input { [1, 2, 3] [0.5f32, 3f32, 2f32] }
-- output { 4 1f32 }
-- input { empty([0]i32) empty([0]f32) }
-- output { 0 1f32 }
-- structure { Screma 2 WithAcc 0 }

def above (a: i32, b: f32) : bool = f32.i32 a > b

entry separately (xs: []i32) (ys: []f32) : (i32, f32) =
  let (as, bs) = unzip (filter above (zip xs ys))
  in (reduce (+) 0 as, reduce (*) 1 bs)

entry together (xs: []i32) (ys: []f32) : (i32, f32) =
  reduce (\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (filter above (zip xs ys))
