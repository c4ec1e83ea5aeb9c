-- filter (including on tuples), partition and partition2 (each group keeps
-- its order; negative numbers use floor modulo).
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32, 4i32, 6i32, -2i32, -3i32] }
-- output { [2i32, 4i32, 6i32, -2i32] }
-- input { [1i32, 3i32] }
-- output { empty([0]i32) }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: part
-- input { [3i32, -1i32, 0i32, 5i32, -7i32] }
-- output { [3i32, 5i32] [-1i32, 0i32, -7i32] }
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] empty([0]i32) }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: part2
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 7i32, -2i32] }
-- output { [0i32, 3i32] [1i32, 4i32, 7i32, -2i32] [2i32, 5i32] }
-- input { [2i32, 5i32] }
-- output { empty([0]i32) empty([0]i32) [2i32, 5i32] }

-- ==
-- entry: tuples
-- input { [1i32, 2i32, 3i32] [1.5f32, 1.5f32, 3.5f32] }
-- output { [1i32, 3i32] [1.5f32, 3.5f32] }

-- ==
-- entry: count
-- input { [-1i32, 2i32, -3i32] }
-- output { 2i64 }
-- input { empty([0]i32) }
-- output { 0i64 }

def main (xs: []i32) = filter (\x -> x % 2 == 0) xs

entry part (xs: []i32) = partition (> 0) xs

entry part2 (xs: []i32) = partition2 (\x -> x % 3 == 0) (\x -> x % 3 == 1) xs

entry tuples (xs: []i32) (ys: []f32) = unzip (filter (\(x, y) -> f32.i32 x < y) (zip xs ys))

entry count (xs: []i32) = length (filter (< 0) xs)
