-- Prelude utilities: sum/product/maximum/minimum per module (neutral
-- elements on empty input), and/or, iterate, iterate_while, iterate_until,
-- indices, const, id, type limits.
-- ==
-- entry: main
-- input { [3i32, 1i32, 4i32] }
-- output { 8i32 12i32 4i32 1i32 true true }
-- input { empty([0]i32) }
-- output { 0i32 1i32 -2147483648i32 2147483647i32 true false }

-- ==
-- entry: floats
-- input { [1.5f32, 2.0f32, -1.0f32] }
-- output { 2.5f32 -3.0f32 2.0f32 -1.0f32 }
-- input { empty([0]f32) }
-- output { 0.0f32 1.0f32 -f32.inf f32.inf }

-- ==
-- entry: iterations
-- input { 3i32 }
-- output { 192i32 7i32 256i64 }
-- input { 7i32 }
-- output { 112i32 7i32 256i64 }
-- input { 150i32 }
-- output { 150i32 154i32 256i64 }

-- ==
-- entry: indices_of
-- input { [2.0f32, 3.0f32, 4.0f32] }
-- output { [0i64, 1i64, 2i64] [0.0f32, 3.0f32, 8.0f32] }

-- ==
-- entry: consts
-- input { 9i32 }
-- output { 5i32 9i32 2147483647i32 -2147483648i32 255u8 -128i8 64i32 }

-- Prelude utilities on arrays and numbers.
def main (xs: []i32) =
  (i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs, and (map (> 0) xs), or (map (> 2) xs))

entry floats (xs: []f32) = (f32.sum xs, f32.product xs, f32.maximum xs, f32.minimum xs)

entry iterations (x: i32) =
  ( iterate_while (< 100) (* 2) x
  , iterate_until (\y -> y % 7 == 0) (+ 1) x
  , iterate 3 (\y -> y * y) 2i64
  )

entry indices_of (xs: []f32) = (indices xs, map (\(i, x) -> f32.i64 i * x) (zip (indices xs) xs))

entry consts (x: i32) = (const 5 x, id x, (i32.highest, i32.lowest, u8.highest, i8.lowest, i64.num_bits))
