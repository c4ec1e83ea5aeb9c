-- zip/unzip of two to five arrays, with maps over the tuples in between.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] [0.5f32, 1.5f32, 2.5f32] }
-- output { [1i32, 2i32, 3i32] [0.5f32, 1.5f32, 2.5f32] }
-- input { empty([0]i32) empty([0]f32) }
-- output { empty([0]i32) empty([0]f32) }

-- ==
-- entry: zip3_
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] [true, false, true] }
-- output { [1i32, 5i32, 3i32] }

-- ==
-- entry: zip4_
-- input { [1i32, 2i32] [3i32, 4i32] [5i32, 6i32] [7i32, 8i32] }
-- output { [7i32, 8i32] [5i32, 6i32] [3i32, 4i32] [1i32, 2i32] }

-- ==
-- entry: zip5_
-- input { [1i32, 2i32, 3i32] }
-- output { [3i32, 2i32, 1i32] [4i32, 3i32, 2i32] [6i32, 4i32, 2i32] [3i64, 2i64, 1i64] [true, true, false] }

-- ==
-- entry: unzip3_
-- input { [5i32, 1i32] [2i32, 3i32] }
-- output { [7i32, 4i32] [3i32, -2i32] [10i32, 3i32] }

def main (a: []i32) (b: []f32) = unzip (zip a b)

entry zip3_ (a: []i32) (b: []i32) (c: []bool) = map (\(x, y, z) -> if z then x else y) (zip3 a b c)

entry zip4_ (a: []i32) (b: []i32) (c: []i32) (d: []i32) =
  let (w, x, y, z) = unzip4 (map (\(p, q, r, s) -> (s, r, q, p)) (zip4 a b c d))
  in (w, x, y, z)

entry zip5_ (a: []i32) =
  let t = zip5 a (map (+ 1) a) (map (* 2) a) (map i64.i32 a) (map (> 1) a)
  let (p, q, r, s, u) = unzip5 (reverse t)
  in (p, q, r, s, u)

entry unzip3_ (xs: []i32) (ys: []i32) = unzip3 (map2 (\x y -> (x + y, x - y, x * y)) xs ys)
