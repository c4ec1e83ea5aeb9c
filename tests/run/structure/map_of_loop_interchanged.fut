-- A map whose rows run a loop with parallel code inside, where every
-- row runs the same number of iterations over values of the same
-- shapes, becomes a loop over the rows' values whose iterations are
-- parallel over every row (asked for alone here with
-- `flattening(only_inner)`; otherwise both versions are made). The
-- statements before the loop, its scalar values and the statements
-- after it are parallel over the rows too.
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] 2i64 }
-- output { [[3f32, 3.25f32, 3.5f32], [8.25f32, 8.5f32, 8.75f32]] [26.25f32, 64.5f32] }
-- input { empty([0][3]f32) 2i64 }
-- output { empty([0][3]f32) empty([0]f32) }
-- input { [[1f32, 2f32]] 0i64 }
-- output { [[2f32, 3f32]] [5f32] }
-- structure gpu { /Loop 1 /Loop/SegMap 1 /SegRed 1 }

entry main [n] [m] (xss: [n][m]f32) (k: i64) : ([n][m]f32, [n]f32) =
  unzip (#[flattening(only_inner)]
         map (\xs ->
                let first = xs[0]
                let (ys, total) =
                  loop (ys, total) = (map (+ 1) xs, 0f32)
                  for i < k do
                    let ys' = map (\y -> y * 0.5 + first + f32.i64 i) ys
                    in (ys', total + f32.sum ys)
                in (ys, total + f32.sum ys))
             xss)
