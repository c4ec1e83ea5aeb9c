-- A map of a loop whose result the rows then update in place: the
-- statements after the interchanged loop are a map consuming its rows.
-- ==
-- input { [[1i64, 2i64], [3i64, 4i64]] }
-- output { [[0i64, 8i64], [0i64, 16i64]] }
-- input { empty([0][2]i64) }
-- output { empty([0][2]i64) }
-- structure gpu { /Loop 1 /Loop/SegMap 1 /SegMap/Update 1 }

entry main [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs -> let ys = loop ys = copy xs for _i < 2 do map (* 2) ys
              let ys[0] = 0
              in ys)
      xss
