-- A map of a loop with parallel code inside is made in two versions,
-- chosen by comparing the map's width with a tuning parameter: the rows'
-- loops on threads of their own where the map is wide, else the loop
-- interchanged, its iterations parallel over every row.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[8i32, 16i32], [24i32, 32i32]] }
-- structure gpu { /If 1 /If/True/SegMap 1 /If/True/SegMap/Loop 1 /If/False/Loop 1 /If/False/Loop/SegMap 1 }

entry main [n] [m] (xss: [n][m]i32) : [n][m]i32 =
  map (\xs -> loop ys = xs for _i < 3 do map (* 2) ys) xss
