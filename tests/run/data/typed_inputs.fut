-- Values in test blocks are read as the entry point's parameter and
-- result types: literals without a suffix take the expected element
-- type, in nested and empty arrays too.
-- ==
-- entry: scale
-- input { [[1.0, 6.0], [2.0, 3.0]] 2 }
-- output { [[2.0, 12.0], [4.0, 6.0]] }
-- input { [[1, 6], [2, 3]] -0.5 }
-- output { [[-0.5, -3], [-1, -1.5]] }
-- input { [[1e1, 2.5f32]] 1_0 }
-- output { [[100, 25]] }
-- input { [[], []] 3 }
-- output { [[], []] }

-- ==
-- entry: transposed
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[1, 4], [2, 5], [3, 6]] }
-- input { empty([0][2]i32) }
-- output { empty([2][0]i32) }
-- input { [[]] }
-- output { empty([0][1]i32) }

-- ==
-- entry: halves
-- input { [1, 0.5, -2.25, f16.inf] }
-- output { [0.5, 0.25, -1.125, f16.inf] }
-- input { [] }
-- output { [] }

-- ==
-- entry: successors
-- input { [0xff, 0x10, 7, -1, 0b11] }
-- output { [0, 17, 8, 0, 4] }
-- input { "abc" }
-- output { "bcd" }

-- ==
-- entry: sum64
-- input { [9000000000, -1, -9000000000, 1_000] }
-- output { 999 }
-- input { [] }
-- output { 0 }
-- input { [-9223372036854775808, 0x7fff_ffff_ffff_ffff] }
-- output { -1 }

-- ==
-- entry: count_true
-- input { [true, false, true] }
-- output { 2 [false, true, false] }
-- input { [] }
-- output { 0 [] }

-- ==
-- entry: mixed
-- input { -3 2.5 true [1, 2] }
-- output { -3 2.5 true [1, 2] 4 }
-- input { 0x7fff 1 false [4294967295] }
-- output { 32767 1 false [4294967295] 4294967296.0 }

-- ==
-- entry: total3
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] }
-- output { 36 }
-- input { [[[]]] }
-- output { 0 }

-- ==
-- entry: grow
-- random input { 3 [4]f32 }
-- output { 7 }

entry scale (xss: [][]f32) (k: f32) : [][]f32 = map (map (* k)) xss

entry transposed (xss: [][]i32) : [][]i32 = transpose xss

entry halves (xs: []f16) : []f16 = map (/ 2) xs

entry successors (xs: []u8) : []u8 = map (+ 1) xs

entry sum64 (xs: []i64) : i64 = reduce (+) 0 xs

entry count_true (bs: []bool) : (i64, []bool) =
  (reduce (+) 0 (map (\b -> if b then 1 else 0) bs), map (\b -> !b) bs)

entry mixed (n: i16) (x: f64) (b: bool) (ys: []u32) : (i16, f64, bool, []u32, f64) =
  (n, x, b, ys, f64.u32 (reduce (+) 0 ys) + 1)

entry total3 (xsss: [][][]f64) : f64 = f64.sum (flatten (flatten xsss))

entry grow (n: i64) (xs: []f32) : i64 = n + length xs
