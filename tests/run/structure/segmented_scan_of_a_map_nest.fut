-- A map whose rows end in a scan of scalars is one segmented scan over
-- every row's elements; so is a deeper nest, with cheap statements
-- between its levels. Every row is scanned from the neutral element.
-- ==
-- entry: prefix_sums
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [[1i64, 3i64, 6i64], [4i64, 9i64, 15i64]] }
-- input { empty([0][3]i64) }
-- output { empty([0][3]i64) }
-- input { empty([2][0]i64) }
-- output { empty([2][0]i64) }

entry prefix_sums [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  map (\xs -> scan (+) 0 xs) xss

-- ==
-- entry: scaled_running_maxima
-- input { [[[3, 1, 4], [1, 5, 9]], [[2, 6, 5], [3, 5, 8]]] [2, -1] }
-- output { [[[6, 6, 8], [2, 10, 18]], [[-2, -2, -2], [-3, -3, -3]]] }
-- structure mc { SegScan 2 SegMap 0 Loop 0 }

entry scaled_running_maxima [n] [m] [k] (xsss: [n][m][k]i32) (scales: [n]i32) : [n][m][k]i32 =
  map2 (\xss s -> map (\xs -> scan i32.max i32.lowest (map (* s) xs)) xss) xsss scales
