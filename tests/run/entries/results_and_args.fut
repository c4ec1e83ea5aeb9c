-- Entry points returning tuples (one output value per component, nested
-- tuples flattened), taking many kinds of argument types, type abbreviations,
-- unique parameters and size parameters.
-- ==
-- entry: stats
-- input { [1.0f64, 2.0f64, 3.0f64, 6.0f64] }
-- output { 3.0f64 3.5f64 1.0f64 6.0f64 }

-- ==
-- entry: split_signs
-- input { [3i32, -1i32, 0i32, -7i32] }
-- output { [-1i32, -7i32] [3i32, 0i32] 4i64 }

-- ==
-- entry: nested_tuple
-- input { 5i32 }
-- output { 5i32 6i32 7i32 8i32 [5i32] }

-- ==
-- entry: kinds
-- input { true [104u8, 101u8, 108u8, 108u8, 111u8] [[[1i16, 2i16], [3i16, 4i16]], [[5i16, 6i16], [7i16, 8i16]]] 21i64 1.5f16 }
-- output { false 5i64 [[3i16, 7i16], [11i16, 15i16]] 42i64 3.0f16 }

-- ==
-- entry: abbrev
-- input { [1.0f32, 2.0f32] }
-- output { [3.0f32, 6.0f32] }

-- ==
-- entry: unique_param
-- input { [1i64, 2i64] }
-- output { [100i64, 2i64] }

-- ==
-- entry: sized
-- input { [5i32, 6i32] [1i32, 1i32] }
-- output { [4i32, 5i32] }

-- Several results become several output values.
entry stats (xs: []f64) =
  let n = f64.i64 (length xs)
  let mean = f64.sum xs / n
  let var = f64.sum (map (\x -> (x - mean) ** 2) xs) / n
  in (mean, var, f64.minimum xs, f64.maximum xs)

entry split_signs (xs: []i32) = (filter (< 0) xs, filter (>= 0) xs, length xs)

entry nested_tuple (x: i32) = ((x, x + 1), (x + 2, (x + 3, [x])))

-- Many argument types: bool, u8 strings, 3D arrays, i64 sizes, f16.
entry kinds (b: bool) (s: []u8) (c: [][][]i16) (n: i64) (h: f16) =
  (!b, length s, map (map i16.sum) c, n * 2, h * 2)

type~ vec = []f32
entry abbrev (v: vec) : vec = map (* 3) v

entry unique_param (xs: *[]i64) = let xs[0] = 100 in xs

entry sized [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (-) xs ys
