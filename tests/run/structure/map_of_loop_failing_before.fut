-- The statements before an interchanged loop run even where nothing
-- after them reads their values: an index out of bounds there fails.
-- ==
-- input { [[1i64, 2i64], [3i64, 4i64]] 1i64 }
-- output { [[4i64, 8i64], [12i64, 16i64]] }
-- input { [[1i64, 2i64], [3i64, 4i64]] 2i64 }
-- error: Index \[2\] out of bounds
-- structure gpu { /Loop 1 /Loop/SegMap 1 }

entry main [n] [m] (xss: [n][m]i64) (k: i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs -> let _ = xs[k]
              in loop ys = xs for _i < 2 do map (* 2) ys)
      xss
