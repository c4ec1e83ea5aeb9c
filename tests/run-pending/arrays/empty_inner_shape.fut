-- Arrays with an empty outer dimension still have their inner dimensions:
-- replicate, nested map, tabulate_2d and filter producing [0][k] arrays.
-- ==
-- entry: rep
-- input { 0i64 }
-- output { empty([0][2]i64) }
-- input { 1i64 }
-- output { [[0i64, 1i64]] }

-- ==
-- entry: nested_map
-- input { 0i64 }
-- output { empty([0][3]i64) }
-- input { 2i64 }
-- output { [[0i64, 1i64, 2i64], [1i64, 2i64, 3i64]] }

-- ==
-- entry: tab
-- input { 0i64 }
-- output { empty([0][2]i64) }

-- ==
-- entry: filtered
-- input { [[0i32, 1i32], [-1i32, 2i32]] }
-- output { empty([0][2]i32) }
-- input { [[3i32, 1i32], [-1i32, 2i32]] }
-- output { [[3i32, 1i32]] }

-- ==
-- entry: map_input
-- input { empty([0][4]i32) }
-- output { empty([0][4]i32) }

-- Empty arrays keep their inner dimensions.
entry rep (n: i64) = replicate n (iota 2)

entry nested_map (n: i64) = map (\i -> map (+ i) (iota 3)) (iota n)

entry tab (n: i64) = tabulate_2d n 2 (\i j -> i + j)

entry filtered (xs: [][2]i32) = filter (\r -> r[0] > 0) xs

entry map_input (m: [][]i32) = map (map (\x -> x * x)) m
