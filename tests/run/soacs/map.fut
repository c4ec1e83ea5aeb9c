-- map, map2 to map5, nested maps, maps over indices and over empty arrays.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] }
-- output { [2i32, 4i32, 6i32] [false, true, true] [1.0f32, 2.0f32, 3.0f32] }
-- input { [0i32] }
-- output { [0i32] [false] [0.0f32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]bool) empty([0]f32) }

-- ==
-- entry: multi
-- input { [1i32, 5i32, 3i32] [4i32, 2i32, 6i32] [7i32, 0i32, 1i32] [2i32, 9i32, -1i32] [10i32, 20i32, 30i32] }
-- output { [5i32, 7i32, 9i32] [-3i32, 10i32, 17i32] [7i32, 9i32, 6i32] [24i32, 36i32, 39i32] }

-- ==
-- entry: nested
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [[1i32, 4i32], [9i32, 16i32], [25i32, 36i32]] }
-- input { [[7i32]] }
-- output { [[49i32]] }

-- ==
-- entry: with_index
-- input { [5i32, 6i32, 7i32, 8i32] }
-- output { [0i32, 6i32, 14i32, 24i32] }

def main (xs: []i32) = (map (* 2) xs, map (\x -> x > 1) xs, map f32.i32 xs)

entry multi (a: []i32) (b: []i32) (c: []i32) (d: []i32) (e: []i32) =
  ( map2 (+) a b
  , map3 (\x y z -> x * y - z) a b c
  , map4 (\x y z w -> i32.max (i32.max x y) (i32.max z w)) a b c d
  , map5 (\x y z w u -> x + y + z + w + u) a b c d e
  )

entry nested (m: [][]i32) = map (map (\x -> x * x)) m

entry with_index (xs: []i32) = map2 (\i x -> x * i32.i64 i) (indices xs) xs
