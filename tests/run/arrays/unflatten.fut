-- unflatten and unflatten_3d after size coercions, and unflatten . flatten.
-- ==
-- entry: unflat
-- input { 2i64 3i64 }
-- output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
-- input { 1i64 4i64 }
-- output { [[0i64, 1i64, 2i64, 3i64]] }
-- input { 3i64 1i64 }
-- output { [[0i64], [1i64], [2i64]] }
-- input { 0i64 5i64 }
-- output { empty([0][5]i64) }

-- ==
-- entry: cube
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32, 17i32, 18i32, 19i32, 20i32, 21i32, 22i32, 23i32] }
-- output { [20i32, 21i32, 22i32, 23i32] [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32, 17i32, 18i32, 19i32, 20i32, 21i32, 22i32, 23i32] }

-- ==
-- entry: roundtrip
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }

entry unflat (n: i64) (m: i64) = unflatten (iota (n * m) :> [n * m]i64)

entry cube (xs: [24]i32) =
  let c = unflatten_3d (xs :> [2 * 3 * 4]i32)
  in (c[1, 2], flatten_3d c)

entry roundtrip [n][m] (a: [n][m]i32) = unflatten (flatten a)
