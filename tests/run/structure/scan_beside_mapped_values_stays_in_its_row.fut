-- A scan with mapped values beside it is not a nest: the scan runs in
-- each row.
-- ==
-- input { [[1, 2], [3, 4]] }
-- output { [[1, 3], [3, 7]] [[2, 4], [6, 8]] }
-- structure mc { SegScan 0 SegMap 1 }

entry main [n] [m] (xss: [n][m]i32) : ([n][m]i32, [n][m]i32) =
  unzip (map (\xs -> let ys = scan (+) 0 xs
                     let zs = map (* 2) xs
                     in (ys, zs)) xss)
