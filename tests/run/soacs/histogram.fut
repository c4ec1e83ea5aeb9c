-- reduce_by_index and hist: sums, maxima, counting, accumulating into an
-- existing array, out-of-bounds indices ignored, two-dimensional bins, tuple
-- values.
-- ==
-- entry: main
-- input { 4i64 [0i64, 1i64, 1i64, 3i64, 0i64] [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [6i32, 5i32, 0i32, 4i32] }
-- input { 3i64 [5i64, -1i64, 2i64, 2i64] [10i32, 20i32, 30i32, 40i32] }
-- output { [0i32, 0i32, 70i32] }
-- input { 2i64 empty([0]i64) empty([0]i32) }
-- output { [0i32, 0i32] }

-- ==
-- entry: maxes
-- input { [2i64, 0i64, 2i64, 7i64] [5i32, -3i32, 9i32, 100i32] }
-- output { [-3i32, -2147483648i32, 9i32] }

-- ==
-- entry: counts
-- input { 5i64 [1i64, 3i64, 3i64, 4i64, 1i64, 1i64] }
-- output { [0i32, 3i32, 0i32, 2i32, 1i32] }
-- input { 2i64 [0i64, 0i64, 9i64] }
-- output { [2i32, 0i32] }

-- ==
-- entry: existing
-- input { [1.0f32, 2.0f32, 3.0f32] [2i64, 2i64, 0i64] [0.5f32, 0.25f32, 10.0f32] }
-- output { [11.0f32, 2.0f32, 3.75f32] }

-- ==
-- entry: two_d
-- input { [0i64, 1i64, 0i64, 1i64, 2i64] [2i64, 0i64, 2i64, 3i64, 0i64] [5i32, 6i32, 7i32, 8i32, 9i32] }
-- output { [[0i32, 0i32, 12i32], [6i32, 0i32, 0i32]] }

-- ==
-- entry: pairs
-- input { [1i64, 0i64, 1i64, 1i64] [2i32, 3i32, 4i32, -1i32] }
-- output { [3i32, 5i32] [3i32, -8i32] }

def main (k: i64) (is: []i64) (vs: []i32) = reduce_by_index (replicate k 0) (+) 0 is vs

entry maxes (is: []i64) (vs: []i32) = reduce_by_index (replicate 3 i32.lowest) i32.max i32.lowest is vs

entry counts (k: i64) (xs: []i64) = hist (+) 0 k xs (map (const 1i32) xs)

entry existing (dest: *[]f32) (is: []i64) (vs: []f32) = reduce_by_index dest (+) 0 is vs

entry two_d (is: []i64) (js: []i64) (vs: []i32) =
  reduce_by_index_2d (replicate 2 (replicate 3 0)) (+) 0 (zip is js) vs

entry pairs (is: []i64) (vs: []i32) =
  let (a, b) = unzip (reduce_by_index (replicate 2 (0, 1)) (\(s1, p1) (s2, p2) -> (s1 + s2, p1 * p2)) (0, 1) is (zip vs vs))
  in (a, b)
